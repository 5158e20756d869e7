import machines from '../../../resources/wfm/machines';
import refrigerants from '../../../resources/wfm/refrigerants';
import sites from '../../../resources/sales/sites';
import { todayInItaly, type FieldIssue } from '../../../resources/schema';
import { defineHooks, type HookContext, issue, type ResourceHooks, type Row } from '../../records';
import { rowOf } from './references';

/** What a machine copies from its refrigerant: computed fields (CO2e, leak-check interval) read only the record. */
async function gasValues(ctx: HookContext, refrigerantId: unknown): Promise<Row> {
  const gas = await rowOf(ctx.trx, refrigerants, ctx.actor.tenant, refrigerantId, ['gwp', 'isFgas', 'isHfo']);
  return {
    gwp: gas?.gwp ?? null,
    refrigerantIsFgas: gas ? gas.isFgas === true : null,
    refrigerantIsHfo: gas ? gas.isHfo === true : null,
  };
}

/**
 * The values a machine derives from its site and gas, and the checks that need them: the customer is
 * the site's; the F-gas operator defaults to the site's operator, else its customer; an F-gas charge
 * needs its Banca Dati equipment type; a machine is never part of itself.
 */
async function derive(ctx: HookContext, machine: Row, changed: (name: string) => boolean, id?: unknown): Promise<Row> {
  const out: Row = {};
  const issues: FieldIssue[] = [];
  if (changed('siteId')) {
    const site = await rowOf(ctx.trx, sites, ctx.actor.tenant, machine.siteId, [
      'customerId',
      'fgasOperatorCustomerId',
    ]);
    out.customerId = site?.customerId ?? null;
    if (!machine.operatorCustomerId && site) out.operatorCustomerId = site.fgasOperatorCustomerId ?? site.customerId;
  }
  if (changed('refrigerantId')) Object.assign(out, await gasValues(ctx, machine.refrigerantId));
  const isFgas = 'refrigerantIsFgas' in out ? out.refrigerantIsFgas : machine.refrigerantIsFgas;
  if (isFgas === true && !machine.fgasEquipmentType) issues.push(issue('fgasEquipmentType', 'validation.required'));
  if (id !== undefined && machine.parentMachineId === id) issues.push(issue('parentMachineId', 'validation.invalid'));
  ctx.refuse(issues);
  return out;
}

const machineHooks = defineHooks(machines, {
  async beforeCreate(ctx, values) {
    return { ...values, registeredOn: todayInItaly(), ...(await derive(ctx, values, () => true)) };
  },
  async beforeUpdate(ctx, changes, stored) {
    const changed = (name: string) => name in changes && (changes as Row)[name] !== (stored as Row)[name];
    return { ...changes, ...(await derive(ctx, { ...stored, ...changes }, changed, stored.id)) };
  },
});

export const machineHookMap: Record<string, ResourceHooks> = { [machines.name]: machineHooks };
