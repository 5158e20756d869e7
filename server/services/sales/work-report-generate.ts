import { sql } from 'kysely';
import type { Db } from '../../db/tables';

/* eslint-disable @typescript-eslint/no-explicit-any -- tables of other services are reached untyped */
type Row = Record<string, any>;

/** Statuses of an activity whose work is done: a report can be made from them. */
export const REPORTABLE_STATUSES = ['completed', 'approved', 'approvedNotBilled', 'billed', 'closed'] as const;

const ROME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the day and "hh:mm" it was in Italy, where the work was done. */
function local(instant: unknown): { date: string; time: string } | undefined {
  if (typeof instant !== 'string' && !(instant instanceof Date)) return undefined;
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return undefined;
  const parts = Object.fromEntries(ROME.formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * One report time entry per closed period of work: the day it started, to the minute; a period that runs
 * past midnight ends at 23:59 of its first day, and one shorter than a minute is no entry.
 */
function entryOf(technicianId: unknown, start: unknown, end: unknown): Row | undefined {
  const from = local(start);
  const to = local(end);
  if (typeof technicianId !== 'string' || !from || !to) return undefined;
  const endTime = to.date === from.date ? to.time : '23:59';
  if (endTime <= from.time) return undefined;
  return { technicianId, date: from.date, startTime: from.time, endTime, kind: 'work' };
}

/** The time entries of the activity's tracked work (its `timeEntries`), else its actual start and end. */
export function reportTimeEntries(activity: Row): Row[] {
  const tracked = Array.isArray(activity.timeEntries) ? (activity.timeEntries as Row[]) : [];
  const entries = tracked
    .filter((e) => e.end)
    .map((e) => entryOf(e.technicianId, e.start, e.end))
    .filter((e): e is Row => e !== undefined);
  if (entries.length > 0) return entries;
  const technician = activity.leadTechnicianId ?? (activity.technicianIds as string[] | null)?.[0];
  const fallback = entryOf(technician, activity.actualStart, activity.actualEnd);
  return fallback ? [fallback] : [];
}

async function namesOf(trx: Db, table: string, tenant: string, ids: unknown[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows: Row[] = await (trx as any)
    .selectFrom(table)
    .select(['id', 'name'])
    .where('tenantId', '=', tenant)
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [String(r.id).toLowerCase(), String(r.name)]));
}

/** The body of a new draft report: the activity's hours, materials, gas lines and resolution. */
export async function reportFromActivity(trx: Db, tenant: string, activity: Row): Promise<Row> {
  const materials: Row[] = Array.isArray(activity.materials) ? activity.materials : [];
  const items = await namesOf(
    trx,
    'warehouse.items',
    tenant,
    materials.map((m) => m.itemId),
  );
  const products = await namesOf(
    trx,
    'sales.products',
    tenant,
    materials.map((m) => m.productId),
  );
  const nameOf = (id: unknown, names: Map<string, string>) =>
    typeof id === 'string' ? names.get(id.toLowerCase()) : undefined;
  const gas: Row[] = Array.isArray(activity.fgasMaterials) ? activity.fgasMaterials : [];
  const day = local(activity.completedAt ?? activity.actualEnd ?? new Date())!.date;
  return {
    activityId: activity.id,
    date: day,
    timeEntries: reportTimeEntries(activity),
    workDescription: activity.resolution || activity.title,
    materials: materials.map((m) => ({
      itemId: m.itemId ?? null,
      description: (m.description || nameOf(m.itemId, items) || nameOf(m.productId, products) || '–').slice(0, 200),
      quantity: m.quantity,
      uom: m.uom ?? 'pz',
    })),
    fgasLines: gas.map((l) => ({
      machineId: l.machineId,
      refrigerantId: l.refrigerantId,
      quantityAddedKg: l.quantityAddedKg ?? '0.000',
      quantityRecoveredKg: l.quantityRecoveredKg ?? '0.000',
      cylinderLot: l.cylinderLot ?? null,
    })),
    outcome: 'resolved',
  };
}

/**
 * The report already made from the activity, if any. Called under a per-activity lock, so two
 * concurrent generations take turns and the second finds the first's report.
 */
export async function existingReport(trx: Db, tenant: string, activityId: string): Promise<string | undefined> {
  await sql`select pg_advisory_xact_lock(hashtext(${`work-report:${tenant}:${activityId}`}))`.execute(trx);
  const row = await (trx as any)
    .selectFrom('sales.work_reports')
    .select('id')
    .where('tenantId', '=', tenant)
    .where('activityId', '=', activityId)
    .orderBy('createdAt')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
