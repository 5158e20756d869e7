import customers from '../../../resources/sales/customers';
import sites from '../../../resources/sales/sites';
import activities from '../../../resources/wfm/activities';
import fgasActivities from '../../../resources/wfm/fgas-activities';
import machines from '../../../resources/wfm/machines';
import refrigerants from '../../../resources/wfm/refrigerants';
import technicians from '../../../resources/wfm/technicians';
import type { FieldIssue } from '../../../resources/schema';
import { defineHooks, type HookContext, issue, Records, type ResourceHooks, type Row } from '../../records';
import { rowOf } from './references';

/** The operator's name and tax identifier as the Banca Dati wants them (docs/domain.md#the-f-gas-register). */
async function operatorOf(ctx: HookContext, customerId: unknown): Promise<Row> {
  const customer = await rowOf(ctx.trx, customers, ctx.actor.tenant, customerId, [
    'legalName',
    'firstName',
    'lastName',
    'vatNumber',
    'taxCode',
  ]);
  if (!customer) return { operatorName: null, operatorTaxCode: null };
  const name = customer.legalName ?? [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  return { operatorName: name || null, operatorTaxCode: customer.vatNumber ?? customer.taxCode ?? null };
}

/**
 * Snapshots of the machine, its gas, operator and site, and of the technician's certificate, taken when
 * the record is written; and the hard rules behind them: the machine holds an F-gas and is one of the
 * activity's, the technician's certificate is valid on the intervention date.
 */
async function snapshot(ctx: HookContext, record: Row): Promise<Row> {
  const tenant = ctx.actor.tenant;
  const issues: FieldIssue[] = [];
  const out: Row = {};
  const machine = await rowOf(ctx.trx, machines, tenant, record.machineId, [
    'refrigerantId',
    'refrigerantChargeKg',
    'gwp',
    'refrigerantIsFgas',
    'siteId',
    'customerId',
    'operatorCustomerId',
  ]);
  if (machine) {
    if (machine.refrigerantIsFgas !== true) issues.push(issue('machineId', 'validation.wfm.notFgas'));
    const gas = await rowOf(ctx.trx, refrigerants, tenant, machine.refrigerantId, ['code']);
    Object.assign(out, {
      gasCode: gas?.code ?? null,
      gwp: machine.gwp ?? null,
      chargeKg: machine.refrigerantChargeKg ?? null,
    });
    Object.assign(out, await operatorOf(ctx, machine.operatorCustomerId ?? machine.customerId));
    const site = await rowOf(ctx.trx, sites, tenant, machine.siteId, ['address']);
    out.siteAddress = site?.address ?? null;
  }
  const activity = await rowOf(ctx.trx, activities, tenant, record.activityId, ['machineIds']);
  if (activity && machine && !((activity.machineIds ?? []) as string[]).includes(String(record.machineId)))
    issues.push(issue('activityId', 'validation.wfm.activityOfAnotherMachine'));
  const technician = await rowOf(ctx.trx, technicians, tenant, record.technicianId, [
    'fgasCertificateNumber',
    'fgasCertificateIssueDate',
    'fgasCertificateExpiryDate',
  ]);
  if (technician) {
    const date = String(record.interventionDate);
    const { fgasCertificateNumber: number, fgasCertificateIssueDate: from, fgasCertificateExpiryDate: to } = technician;
    if (!number) issues.push(issue('technicianId', 'validation.wfm.noCertificate'));
    else if ((from && date < String(from)) || (to && date > String(to)))
      issues.push(issue('technicianId', 'validation.wfm.certificateExpired', { date }));
    out.technicianCertificateNumber = number ?? null;
  }
  ctx.refuse(issues);
  return out;
}

/**
 * The register drives the machine: a leak check moves its last check date (and so its next due date),
 * a decommissioning puts it out of service for good. Written like an update of the machine.
 */
async function updateMachine(ctx: HookContext, record: Row): Promise<void> {
  const machineRecords = new Records(ctx.trx, machines);
  const machine = await machineRecords.get(ctx.actor.tenant, String(record.machineId));
  const date = String(record.interventionDate);
  const changes: Row = {};
  if (
    record.interventionType === 'leakCheck' &&
    (!machine.lastLeakCheckDate || String(machine.lastLeakCheckDate) < date)
  )
    changes.lastLeakCheckDate = date;
  if (record.interventionType === 'decommissioning' && machine.status !== 'decommissioned')
    Object.assign(changes, { status: 'decommissioned', decommissionedAt: date });
  if (Object.keys(changes).length > 0)
    await machineRecords.write(ctx.actor, machine, Number(machine.version), changes, ctx.lang);
}

const SNAPSHOT_SOURCES = ['machineId', 'activityId', 'technicianId', 'interventionDate'];

const fgasHooks = defineHooks(fgasActivities, {
  async beforeCreate(ctx, values) {
    return { ...values, ...(await snapshot(ctx, values)) };
  },
  async afterCreate(ctx, record) {
    await updateMachine(ctx, record);
  },
  async beforeUpdate(ctx, changes, stored) {
    // A record communicated to the Banca Dati is final (corrections are new records).
    if (stored.bancaDatiStatus === 'reported')
      throw ctx.conflict(
        ctx.issue('bancaDatiStatus', 'validation.wfm.reportedLocked'),
        'The record was reported to the Banca Dati F-gas.',
      );
    if (!SNAPSHOT_SOURCES.some((name) => name in changes && (changes as Row)[name] !== (stored as Row)[name]))
      return changes;
    return { ...changes, ...(await snapshot(ctx, { ...stored, ...changes })) };
  },
  async afterUpdate(ctx, record, previous) {
    if (record.interventionType !== previous.interventionType || record.interventionDate !== previous.interventionDate)
      await updateMachine(ctx, record);
  },
});

export const fgasHookMap: Record<string, ResourceHooks> = { [fgasActivities.name]: fgasHooks };
