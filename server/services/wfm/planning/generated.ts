import activities from '../../../../resources/wfm/activities';
import machines from '../../../../resources/wfm/machines';
import technicians from '../../../../resources/wfm/technicians';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import { HttpProblem } from '../../../http/errors';
import type { Lang } from '../../../http/lang';
import { Records, type Actor, type Row } from '../../../records';
import { wfmHooks } from '../hooks';

/**
 * What the generators of docs/domain.md#generated-work share: who creates (the system, no roles: like
 * the seed, it reaches every record and passes the same validation and hooks as the API), the language
 * of the texts stored in the records (Italian, the interface's first language), and the one way a
 * generated activity is written.
 */
export const GENERATED_LANG: Lang = 'it';
export const systemActor = (tenant: string): Actor => ({ tenant, username: 'system' });

export type GeneratedOrigin = 'periodic' | 'leakCheck' | 'contract';

/** A source (plan, machine, contract) whose item could not be made: its data no longer passes the rules. */
export interface SkippedSource {
  source: GeneratedOrigin;
  id: string;
  detail: string;
}

export interface GenerationOutcome {
  created: number;
  skipped: SkippedSource[];
}

/**
 * Runs `work` for each source in a transaction of its own, so one source whose data a rule now refuses
 * (a 4xx from the hooks) is reported and skipped while the others go ahead; anything else is a fault
 * and propagates.
 */
export async function eachSource(
  ids: readonly string[],
  source: GeneratedOrigin,
  work: (id: string) => Promise<number>,
): Promise<GenerationOutcome> {
  const outcome: GenerationOutcome = { created: 0, skipped: [] };
  for (const id of ids) {
    try {
      outcome.created += await work(id);
    } catch (error) {
      if (!(error instanceof HttpProblem) || error.status >= 500) throw error;
      const detail = [error.message, ...error.errors.map((e) => `${e.path}: ${e.message}`)].join(' ');
      outcome.skipped.push({ source, id, detail });
    }
  }
  return outcome;
}

/** The origin keys among `keys` some activity of the tenant already has (in any status). */
export async function takenOriginKeys(trx: Db, tenant: string, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await trx
    .selectFrom(tableRef(activities))
    .select('originKey')
    .where('tenantId', '=', tenant)
    .where('originKey', 'in', [...keys])
    .execute();
  return new Set(rows.map((row) => String(row.originKey)));
}

/** Of `ids`, the machines still at `siteId` and not decommissioned: a generated job goes to live machines only. */
export async function machinesInService(
  trx: Db,
  tenant: string,
  siteId: string,
  ids: readonly string[] | null | undefined,
): Promise<string[]> {
  if (!ids || ids.length === 0) return [];
  const rows = await trx
    .selectFrom(tableRef(machines))
    .select('id')
    .where('tenantId', '=', tenant)
    .where('id', 'in', [...ids])
    .where('siteId', '=', siteId)
    .where('status', '<>', 'decommissioned')
    .execute();
  const live = new Set(rows.map((row) => String(row.id)));
  return ids.filter((id) => live.has(id));
}

/** Of `ids`, the active technicians, in the given order: a plan may still name one who left. */
export async function activeTechnicians(
  trx: Db,
  tenant: string,
  ids: readonly string[] | null | undefined,
): Promise<string[]> {
  if (!ids || ids.length === 0) return [];
  const rows = await trx
    .selectFrom(tableRef(technicians))
    .select('id')
    .where('tenantId', '=', tenant)
    .where('id', 'in', [...ids])
    .where('active', '=', true)
    .execute();
  const active = new Set(rows.map((row) => String(row.id)));
  return ids.filter((id) => active.has(id));
}

/**
 * Creates an unscheduled activity through the activities' Records and hooks (number, consistency,
 * rules), then stamps where it came from. Origin, occurrence date and origin key are read-only on the
 * wire (no client may forge a generated item), so they are written directly, in the same transaction and
 * at the same version; the unique origin key is the backstop should two generators ever race past the
 * source's lock.
 */
export async function createGeneratedActivity(
  trx: Db,
  tenant: string,
  values: Row,
  origin: { origin: GeneratedOrigin; originKey: string; occurrenceDate: string },
): Promise<Row> {
  const records = new Records(trx, activities, wfmHooks[activities.name]);
  const team = (values.technicianIds ?? []) as string[];
  // Required enums are not defaulted by the engine (a client states them): the generators' defaults.
  const body = {
    priority: 'normal',
    billingMode: 'chargeable',
    ...values,
    ...(team.length > 1 && !values.leadTechnicianId ? { leadTechnicianId: team[0] } : {}),
  };
  const record = await records.insert(systemActor(tenant), body, GENERATED_LANG);
  await trx
    .updateTable(tableRef(activities))
    .set({ origin: origin.origin, originKey: origin.originKey, occurrenceDate: origin.occurrenceDate })
    .where('tenantId', '=', tenant)
    .where('id', '=', String(record.id))
    .execute();
  return { ...record, ...origin };
}

/** Text cut to a field's length (a plan's name is longer than a request's reporter name). */
export const clip = (text: unknown, max: number): string => String(text ?? '').slice(0, max);
