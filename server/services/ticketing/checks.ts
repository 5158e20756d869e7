import customers from '../../../resources/sales/customers';
import sites from '../../../resources/sales/sites';
import machines from '../../../resources/wfm/machines';
import { tableRef } from '../../db/derive';
import type { HookContext, Row } from '../../records';

/**
 * Referential checks of the ticketing records (docs/domain.md#conventions, "Referential"): a site belongs to
 * the customer, the equipment stands at the site, a contract or plan matches customer and site. Each
 * failure is a 400 naming the field, as the form expects. They read the other services' tables in the
 * change's transaction, scoped to the tenant like every other read. An id naming no record at all is
 * the generic write's to refuse (server/records/references.ts); here it simply fails to match.
 */

const ids = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);

/** The customer of each of the sites that exist for the tenant. */
async function customersOfSites(ctx: HookContext, siteIds: string[]): Promise<Map<string, string>> {
  if (siteIds.length === 0) return new Map();
  const rows = (await ctx.trx
    .selectFrom(tableRef(sites))
    .select(['id', 'customerId'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', 'in', siteIds)
    .execute()) as { id: string; customerId: string }[];
  return new Map(rows.map((r) => [r.id, r.customerId]));
}

/** Every site in `field` is a site of `customerId` (one reference or several). */
export async function checkSitesOfCustomer(ctx: HookContext, record: Row, field: 'siteId' | 'siteIds'): Promise<void> {
  const wanted = field === 'siteId' ? ids([record.siteId].filter(Boolean)) : ids(record.siteIds);
  const customers = await customersOfSites(ctx, wanted);
  if (!wanted.some((id) => customers.get(id) !== record.customerId)) return;
  // The sites may be right and the customer the one that does not exist: name the field at fault.
  if (!(await customerExists(ctx, record.customerId)))
    throw ctx.invalid([{ path: 'customerId', key: 'validation.reference' }]);
  throw ctx.invalid([{ path: field, key: 'ticketing.errors.siteOfCustomer' }]);
}

async function customerExists(ctx: HookContext, id: unknown): Promise<boolean> {
  if (typeof id !== 'string') return true;
  const row = await ctx.trx
    .selectFrom(tableRef(customers))
    .select('id')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every machine in `machineIds` stands at one of `siteIds`. */
export async function checkMachinesAtSites(ctx: HookContext, machineIds: unknown, siteIds: string[]): Promise<void> {
  const wanted = ids(machineIds);
  if (wanted.length === 0) return;
  const rows = (await ctx.trx
    .selectFrom(tableRef(machines))
    .select(['id', 'siteId'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', 'in', wanted)
    .execute()) as { id: string; siteId: string }[];
  const siteOf = new Map(rows.map((r) => [r.id, r.siteId]));
  if (wanted.some((id) => !siteIds.includes(siteOf.get(id) ?? '')))
    throw ctx.invalid([
      {
        path: 'machineIds',
        key: siteIds.length === 1 ? 'ticketing.errors.machinesOfSite' : 'ticketing.errors.machinesOfSites',
      },
    ]);
}

export interface ContractFacts {
  id: string;
  customerId: string;
  siteIds: string[];
  status: string;
  startDate: string;
  endDate: string;
  slaResponseHours: number | null;
}

export async function findContract(ctx: HookContext, id: unknown): Promise<ContractFacts | undefined> {
  if (typeof id !== 'string') return undefined;
  return (await ctx.trx
    .selectFrom('ticketing.contracts')
    .select(['id', 'customerId', 'siteIds', 'status', 'startDate', 'endDate', 'slaResponseHours'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', id)
    .executeTakeFirst()) as ContractFacts | undefined;
}

/** Whether any of `fields` differs between the stored record and the one about to be written. */
export function changed(fields: readonly string[], changes: Row, stored: Row | undefined): boolean {
  if (!stored) return true;
  return fields.some((name) => name in changes && JSON.stringify(changes[name]) !== JSON.stringify(stored[name]));
}

/** The record as it will be: the stored one with the changes over it. */
export function merge(stored: Row | undefined, changes: Row): Row {
  return { ...(stored ?? {}), ...changes };
}
