import { addDays, startOfDay, startOfWeek } from 'date-fns';
import type { PlannerAbsence, PlannerActivity, PlannerTechnician, QueueItem } from './api';

/** The planner's pure logic: what the calendar shows and how a move changes an activity's team and slot. */

export type PlannerView = 'day' | 'week' | 'work_week';
export type ColourBy = 'status' | 'type';

/** One activity in one technician's column: a job of two technicians is two events, moved one column at a time. */
export interface JobEvent {
  kind: 'job';
  id: string;
  activity: PlannerActivity;
  resourceId: string;
  title: string;
  start: Date;
  end: Date;
}

export interface AbsenceEvent {
  kind: 'absence';
  id: string;
  absence: PlannerAbsence;
  resourceId: string;
  title: string;
  start: Date;
  end: Date;
}

export type PlannerEvent = JobEvent | AbsenceEvent;

/** The instants a view shows around `date`: the day, or the Monday-to-Sunday week (a work week is in it). */
export function rangeOf(view: PlannerView, date: Date): { from: Date; to: Date } {
  if (view === 'day') {
    const from = startOfDay(date);
    return { from, to: addDays(from, 1) };
  }
  const from = startOfWeek(date, { weekStartsOn: 1 });
  return { from, to: addDays(from, 7) };
}

export function jobEvents(activities: readonly PlannerActivity[], shown: ReadonlySet<string>): JobEvent[] {
  return activities.flatMap((activity) =>
    activity.scheduledStart && activity.scheduledEnd
      ? activity.technicianIds
          .filter((technicianId) => shown.has(technicianId))
          .map((technicianId) => ({
            kind: 'job' as const,
            id: `${activity.id}:${technicianId}`,
            activity,
            resourceId: technicianId,
            title: [activity.number, activity.title, activity.customerName].filter(Boolean).join(' · '),
            start: new Date(activity.scheduledStart!),
            end: new Date(activity.scheduledEnd!),
          }))
      : [],
  );
}

export function absenceEvents(
  absences: readonly PlannerAbsence[],
  shown: ReadonlySet<string>,
  label: (absence: PlannerAbsence) => string,
): AbsenceEvent[] {
  return absences
    .filter((absence) => shown.has(absence.technicianId))
    .map((absence) => ({
      kind: 'absence' as const,
      id: `absence:${absence.id}`,
      absence,
      resourceId: absence.technicianId,
      title: label(absence),
      start: new Date(absence.start),
      end: new Date(absence.end),
    }));
}

export interface TechnicianFilters {
  team?: string;
  skillId?: string;
  zone?: string;
}

export function matchingTechnicians(technicians: readonly PlannerTechnician[], filters: TechnicianFilters) {
  const same = (a: string | null, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();
  return technicians.filter(
    (t) =>
      (!filters.team || same(t.team, filters.team)) &&
      (!filters.zone || same(t.zone, filters.zone)) &&
      (!filters.skillId || t.skillIds.includes(filters.skillId)),
  );
}

/** The distinct non-blank values, sorted: the filters' choices. */
export const choicesOf = (values: readonly (string | null)[]) =>
  [...new Set(values.filter((v): v is string => Boolean(v && v.trim())))].sort((a, b) => a.localeCompare(b));

const STATUS_COLOURS: Record<string, string> = {
  assigned: '#1565c0',
  completed: '#2e7d32',
  approved: '#00695c',
  approvedNotBilled: '#546e7a',
  billed: '#6a1b9a',
  closed: '#424242',
};

const TYPE_COLOURS: Record<string, string> = {
  repair: '#c62828',
  maintenance: '#1565c0',
  installation: '#6a1b9a',
  leakCheck: '#ad1457',
  inspection: '#00695c',
  survey: '#4e342e',
  decommissioning: '#424242',
};

/** The event's fill (white text stays readable on all of them) by status or type. */
export function fillOf(activity: PlannerActivity, by: ColourBy): string {
  return (by === 'status' ? STATUS_COLOURS[activity.status] : TYPE_COLOURS[activity.type]) ?? '#455a64';
}

/** Not yet sent to its technicians, or changed since: the confirm-sending modal will list it. */
export const isUnsent = (activity: PlannerActivity) => activity.planState !== 'published';

/**
 * The team after moving the job from one technician's column to another's: `to` takes `from`'s place (and its
 * lead role); a technician already on the team is not added twice.
 */
export function reassigned(activity: PlannerActivity, from: string | null, to: string) {
  const team = activity.technicianIds.length === 0 ? [to] : activity.technicianIds.map((id) => (id === from ? to : id));
  const technicianIds = [...new Set(from === null && !team.includes(to) ? [to, ...team] : team)];
  let lead = activity.leadTechnicianId === from ? to : activity.leadTechnicianId;
  if (technicianIds.length > 1 && (!lead || !technicianIds.includes(lead))) lead = to;
  if (technicianIds.length === 1) lead = lead === technicianIds[0] ? lead : null;
  return { technicianIds, leadTechnicianId: lead };
}

/** A queued job's slot from where it is dropped: its estimated length, an hour when it has none. */
export function slotFromDrop(item: QueueItem, start: Date): { start: Date; end: Date } {
  return { start, end: new Date(start.getTime() + (item.estimatedMinutes ?? 60) * 60_000) };
}
