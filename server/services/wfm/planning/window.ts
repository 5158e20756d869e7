import { sql } from 'kysely';
import absences from '../../../../resources/wfm/absences';
import activities from '../../../../resources/wfm/activities';
import technicians from '../../../../resources/wfm/technicians';
import customers from '../../../../resources/sales/customers';
import sites from '../../../../resources/sales/sites';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import type { PlannerAbsence, PlannerActivity, PlannerTechnician } from '../../../../resources/wfm/planning';

/** The planner's data (docs/wire-contract.md#planning): what a calendar window shows, in a handful of queries. */

/** A slot lasts at most a day (activity rules), so a job intersecting the window started at most a day before it. */
const LONGEST_SLOT_MS = 24 * 60 * 60 * 1000;

export const iso = (value: unknown): string | null =>
  value instanceof Date ? value.toISOString() : value == null ? null : String(value);

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The activity columns the planner shows; the customer's and site's names come by id afterwards. */
export const ACTIVITY_COLUMNS = [
  'id',
  'number',
  'title',
  'type',
  'status',
  'priority',
  'planState',
  'publicationWarning',
  'technicianIds',
  'leadTechnicianId',
  'scheduledStart',
  'scheduledEnd',
  'customerId',
  'siteId',
  'requiredSkillIds',
  'origin',
  'version',
] as const;

type ActivityRow = Record<(typeof ACTIVITY_COLUMNS)[number], unknown>;

/** Customer and site names of the rows: two queries whatever the number of rows. */
export async function toPlannerActivities(trx: Db, tenant: string, rows: readonly ActivityRow[]) {
  const customerIds = [...new Set(rows.map((row) => String(row.customerId)))];
  const siteIds = [...new Set(rows.map((row) => String(row.siteId)))];
  const [customerRows, siteRows] = await Promise.all([
    customerIds.length === 0
      ? []
      : trx
          .selectFrom(tableRef(customers))
          .select(['id', 'legalName', 'firstName', 'lastName'])
          .where('tenantId', '=', tenant)
          .where('id', 'in', customerIds)
          .execute(),
    siteIds.length === 0
      ? []
      : trx
          .selectFrom(tableRef(sites))
          .select(['id', 'name', 'zone'])
          .where('tenantId', '=', tenant)
          .where('id', 'in', siteIds)
          .execute(),
  ]);
  // A company by its legal name, a person by first and last name (as the work report names them).
  const customerName = new Map(
    customerRows.map((c) => [
      String(c.id),
      (c.legalName as string | null) || [c.firstName, c.lastName].filter(Boolean).join(' '),
    ]),
  );
  const site = new Map(siteRows.map((s) => [String(s.id), s]));
  return rows.map((row): PlannerActivity => ({
    id: String(row.id),
    number: (row.number as string | null) ?? null,
    title: String(row.title),
    type: String(row.type),
    status: String(row.status),
    priority: String(row.priority),
    planState: String(row.planState),
    publicationWarning: row.publicationWarning === true,
    technicianIds: ids(row.technicianIds),
    leadTechnicianId: (row.leadTechnicianId as string | null) ?? null,
    scheduledStart: iso(row.scheduledStart),
    scheduledEnd: iso(row.scheduledEnd),
    customerId: String(row.customerId),
    customerName: customerName.get(String(row.customerId)) ?? '',
    siteId: String(row.siteId),
    siteName: String(site.get(String(row.siteId))?.name ?? ''),
    siteZone: (site.get(String(row.siteId))?.zone as string | null | undefined) ?? null,
    requiredSkillIds: ids(row.requiredSkillIds),
    origin: String(row.origin),
    version: Number(row.version),
  }));
}

/** Active technicians, by name: the planner's resources. */
async function activeTechnicians(trx: Db, tenant: string): Promise<PlannerTechnician[]> {
  const rows = await trx
    .selectFrom(tableRef(technicians))
    .select(['id', 'firstName', 'lastName', 'color', 'team', 'zone', 'skills', 'workingHours', 'active'])
    .where('tenantId', '=', tenant)
    .where('active', '=', true)
    .orderBy('lastName')
    .orderBy('firstName')
    .orderBy('id')
    .execute();
  return rows.map((t) => ({
    id: String(t.id),
    name: [t.firstName, t.lastName].filter(Boolean).join(' '),
    color: String(t.color),
    team: (t.team as string | null) ?? null,
    zone: (t.zone as string | null) ?? null,
    skillIds: ((t.skills ?? []) as { skillId: string }[]).map((line) => String(line.skillId)),
    workingHours: ((t.workingHours ?? []) as PlannerTechnician['workingHours']).map((line) => ({
      weekday: line.weekday,
      startTime: line.startTime,
      endTime: line.endTime,
    })),
    active: t.active !== false,
  }));
}

/**
 * Everything a calendar window shows: active technicians, the jobs (not cancelled) whose slot intersects
 * [from, to), and the absences intersecting it. The slot's start bounds the scan on both sides
 * (activities_tenant_scheduled_start_idx, from the list's sort), since no slot lasts more than a day.
 */
export async function planningWindow(trx: Db, tenant: string, from: Date, to: Date) {
  const earliestStart = new Date(from.getTime() - LONGEST_SLOT_MS);
  const [people, rows, away] = await Promise.all([
    activeTechnicians(trx, tenant),
    trx
      .selectFrom(tableRef(activities))
      .select([...ACTIVITY_COLUMNS])
      .where('tenantId', '=', tenant)
      .where('scheduledStart', '>=', earliestStart.toISOString())
      .where('scheduledStart', '<', to.toISOString())
      .where('scheduledEnd', '>', from.toISOString())
      .where('status', '<>', 'cancelled')
      .orderBy('scheduledStart')
      .orderBy('id')
      .execute(),
    trx
      .selectFrom(tableRef(absences))
      .select(['id', 'technicianId', 'kind', 'start', 'end'])
      .where('tenantId', '=', tenant)
      .where('start', '<', to.toISOString())
      .where('end', '>', from.toISOString())
      .orderBy('start')
      .orderBy('id')
      .execute(),
  ]);
  return {
    technicians: people,
    activities: await toPlannerActivities(trx, tenant, rows as ActivityRow[]),
    absences: away.map((a): PlannerAbsence => ({
      id: String(a.id),
      technicianId: String(a.technicianId),
      kind: String(a.kind),
      start: iso(a.start)!,
      end: iso(a.end)!,
    })),
  };
}

/** Priority as a sort key: the most pressing first. */
export const priorityRank = sql<number>`case priority when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end`;
