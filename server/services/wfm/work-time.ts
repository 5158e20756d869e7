import technicians from '../../../resources/wfm/technicians';
import { tableRef } from '../../db/derive';
import type { HookContext } from '../../records';

const TECHNICIANS = tableRef(technicians);

export interface TimeEntry {
  id?: string;
  technicianId: string;
  start: string;
  end: string | null;
}

interface Team {
  technicianIds: readonly string[] | null;
  leadTechnicianId: string | null;
}

/**
 * Who does the work an action records (docs/domain.md#time-tracking): the acting user's technician
 * record among the activity's team; an administrator who is none of them acts for the lead technician
 * (or the first one).
 */
export async function actingTechnicianId(ctx: HookContext, activity: Team): Promise<string | null> {
  const team = activity.technicianIds ?? [];
  if (ctx.actor.userId && team.length > 0) {
    const own = await ctx.trx
      .selectFrom(TECHNICIANS)
      .select('id')
      .where('tenantId', '=', ctx.actor.tenant)
      .where('userId', '=', ctx.actor.userId)
      .where('id', 'in', [...team])
      .executeTakeFirst();
    if (own) return String(own.id);
  }
  return activity.leadTechnicianId ?? team[0] ?? null;
}

/** The time actions and completion act only on an assigned activity: later ones are the office's. */
export function requireAssigned(ctx: HookContext, status: string | null): void {
  if (status !== 'assigned')
    throw ctx.conflict(
      ctx.issue('status', 'validation.wfm.notAssigned'),
      `The activity is ${String(status)}: work is recorded only while it is assigned.`,
    );
}

const entriesOf = (value: unknown): TimeEntry[] => (Array.isArray(value) ? (value as TimeEntry[]) : []);

/** The entries with every open one closed at `now`: the clock is one per activity. */
export function closeOpenEntries(value: unknown, now: string): TimeEntry[] {
  return entriesOf(value).map((entry) => (entry.end ? entry : { ...entry, end: now }));
}

/** The entries plus an open one for the technician from `now`. */
export function openEntry(value: unknown, technicianId: string, now: string): TimeEntry[] {
  return [...closeOpenEntries(value, now), { technicianId, start: now, end: null }];
}

/** Whether the clock runs: an entry without an end. */
export const hasOpenEntry = (value: unknown): boolean => entriesOf(value).some((entry) => !entry.end);
