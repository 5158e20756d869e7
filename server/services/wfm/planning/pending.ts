import type { ChangeKind, PendingChange, PendingList } from '../../../../resources/wfm/planning';
import { sql } from 'kysely';
import activities from '../../../../resources/wfm/activities';
import technicians from '../../../../resources/wfm/technicians';
import customers from '../../../../resources/sales/customers';
import { representRecord } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import { dynamic, type Db } from '../../../db/tables';

/**
 * What the confirm-sending modal lists (docs/domain.md#planner): the activities whose technicians have
 * something to be told, and what, per technician.
 */

export const ACTIVITIES = tableRef(activities);
const TECHNICIANS = tableRef(technicians);
const CUSTOMERS = tableRef(customers);

/** The columns the pending rule and the modal read. */
export const PLANNING_COLUMNS = [
  'id',
  'number',
  'title',
  'status',
  'planState',
  'customerId',
  'siteId',
  'technicianIds',
  'scheduledStart',
  'scheduledEnd',
  'publishedAt',
  'publishedTechnicianIds',
  'publishedStart',
  'publishedEnd',
] as const;

export interface PlannedActivity {
  id: string;
  number: string | null;
  title: string;
  status: string;
  planState: string;
  customerId: string;
  siteId: string;
  technicianIds: string[] | null;
  scheduledStart: string | null;
  scheduledEnd: string | null;
  publishedAt: string | null;
  publishedTechnicianIds: string[] | null;
  publishedStart: string | null;
  publishedEnd: string | null;
}

export interface TechnicianChange {
  technicianId: string;
  change: ChangeKind;
}

const sameInstant = (a: string | null, b: string | null) =>
  a === b || (a !== null && b !== null && Date.parse(a) === Date.parse(b));

/**
 * A draft with something to send: an assigned job with a slot and a team, or a cancelled one its technicians
 * were once sent (they must hear it is off).
 */
export function isPending(a: PlannedActivity): boolean {
  if (a.planState !== 'draft') return false;
  if (a.status === 'cancelled') return a.publishedAt !== null;
  return a.status === 'assigned' && !!a.scheduledStart && !!a.scheduledEnd && (a.technicianIds ?? []).length > 0;
}

/** What each technician is told about a pending activity, compared with what they were last sent. */
export function changesOf(a: PlannedActivity): TechnicianChange[] {
  const sent = a.publishedAt ? (a.publishedTechnicianIds ?? []) : [];
  if (a.status === 'cancelled') return sent.map((technicianId) => ({ technicianId, change: 'cancelled' }));
  const team = a.technicianIds ?? [];
  const moved = !sameInstant(a.scheduledStart, a.publishedStart) || !sameInstant(a.scheduledEnd, a.publishedEnd);
  return [
    ...team.map((technicianId): TechnicianChange => ({
      technicianId,
      change: !sent.includes(technicianId) ? 'new' : moved ? 'moved' : 'changed',
    })),
    ...sent
      .filter((technicianId) => !team.includes(technicianId))
      .map((technicianId): TechnicianChange => ({ technicianId, change: 'removed' })),
  ];
}

export interface Window {
  from?: string;
  to?: string;
}

/** The tenant's pending activities whose slot or last sent slot meets the window (either bound optional). */
export async function pendingActivities(trx: Db, tenant: string, window: Window = {}): Promise<PlannedActivity[]> {
  const rows = (await dynamic(trx)
    .selectFrom(ACTIVITIES)
    .select([...PLANNING_COLUMNS])
    .where('tenantId', '=', tenant)
    .where('planState', '=', 'draft')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'assigned'),
          eb('scheduledStart', 'is not', null),
          eb('scheduledEnd', 'is not', null),
          sql<boolean>`cardinality(${sql.ref('technicianIds')}) > 0`,
        ]),
        eb.and([eb('status', '=', 'cancelled'), eb('publishedAt', 'is not', null)]),
      ]),
    )
    .where((eb) => {
      const meets = (start: string, end: string) =>
        eb.and([
          ...(window.to ? [eb(start, '<', window.to)] : []),
          ...(window.from ? [eb(end, '>', window.from)] : []),
        ]);
      return eb.or([meets('scheduledStart', 'scheduledEnd'), meets('publishedStart', 'publishedEnd')]);
    })
    .orderBy('scheduledStart')
    .orderBy('number')
    .execute()) as PlannedActivity[];
  return rows;
}

export interface TechnicianInfo {
  id: string;
  name: string;
  userId: string | null;
  email: string | null;
}

/** The technicians by id (inactive ones too: they may still have to hear of a change). */
export async function technicianInfo(trx: Db, tenant: string, ids: string[]): Promise<Map<string, TechnicianInfo>> {
  if (ids.length === 0) return new Map();
  const rows = (await dynamic(trx)
    .selectFrom(TECHNICIANS)
    .select(['id', 'firstName', 'lastName', 'userId', 'email'])
    .where('tenantId', '=', tenant)
    .where('id', 'in', ids)
    .execute()) as Record<string, string | null>[];
  return new Map(
    rows.map((row) => [
      String(row.id),
      { id: String(row.id), name: representRecord(technicians, row), userId: row.userId, email: row.email },
    ]),
  );
}

/** Customers' names as their definition represents them (legal name, or first and last name). */
export async function customerNames(trx: Db, tenant: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = (await dynamic(trx)
    .selectFrom(CUSTOMERS)
    .select(['id', ...customers.recordRepresentation])
    .where('tenantId', '=', tenant)
    .where('id', 'in', [...new Set(ids)])
    .execute()) as Record<string, unknown>[];
  return new Map(rows.map((row) => [String(row.id), representRecord(customers, row)]));
}

const startOf = (c: PendingChange) => c.scheduledStart ?? c.publishedStart ?? '';

/** GET /wfm/api/planning/pending: by technician (by name), each one's changes by start. */
export async function pendingList(trx: Db, tenant: string, window: Window): Promise<PendingList> {
  const pending = await pendingActivities(trx, tenant, window);
  const changes = pending.flatMap((a) => changesOf(a).map((c) => ({ activity: a, ...c })));
  const people = await technicianInfo(trx, tenant, [...new Set(changes.map((c) => c.technicianId))]);
  const names = await customerNames(
    trx,
    tenant,
    pending.map((a) => a.customerId),
  );
  const byTechnician = new Map<string, PendingChange[]>();
  for (const { activity: a, technicianId, change } of changes) {
    const list = byTechnician.get(technicianId) ?? [];
    list.push({
      activityId: a.id,
      number: a.number,
      title: a.title,
      customerName: names.get(a.customerId) ?? '',
      change,
      scheduledStart: a.scheduledStart,
      scheduledEnd: a.scheduledEnd,
      publishedStart: a.publishedStart,
      publishedEnd: a.publishedEnd,
    });
    byTechnician.set(technicianId, list);
  }
  const data = [...byTechnician.entries()]
    .map(([technicianId, list]) => ({
      technicianId,
      technicianName: people.get(technicianId)?.name ?? '',
      changes: list.sort((x, y) => Date.parse(startOf(x)) - Date.parse(startOf(y))),
    }))
    .sort(
      (x, y) => x.technicianName.localeCompare(y.technicianName, 'it') || x.technicianId.localeCompare(y.technicianId),
    );
  return { data, activityIds: pending.map((a) => a.id) };
}
