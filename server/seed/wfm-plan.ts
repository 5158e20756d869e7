/** When the demo activities happen and how far each has come by now: the calendar arithmetic of the wfm seed. */

export type Outcome = 'assigned' | 'completed' | 'approved' | 'approvedNotBilled' | 'billed' | 'closed' | 'cancelled';

export interface Slot {
  /** ISO instants. */
  start: string;
  end: string;
  /** The calendar day in Italy, and the wall-clock times there ("08:30"). */
  day: string;
  from: string;
  to: string;
  published: boolean;
  outcome: Outcome;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ROME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The calendar date in Italy of an instant. */
export function romeDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(at);
}

/** The instant of a wall-clock time in Italy (summer time included). */
export function romeInstant(day: string, minutes: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  const parts = Object.fromEntries(ROME.formatToParts(new Date(guess)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return new Date(guess - (wall - guess)).toISOString();
}

export const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A calendar day `days` after (or before) another. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
export const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
export const isWeekend = (day: string) => [0, 6].includes(weekdayOf(day));
/** The Monday of a day's week (a Sunday belongs to the week that began six days before). */
export const weekStart = (day: string) => addDays(day, -((weekdayOf(day) + 6) % 7));

/** The first working day (Monday to Friday) after a day. */
export function nextWorkingDay(day: string): string {
  let at = addDays(day, 1);
  while (isWeekend(at)) at = addDays(at, 1);
  return at;
}

/** A value by weights: `[[value, weight], ...]`. */
function weighted<T>(next: () => number, table: readonly [T, number][]): T {
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  let at = next() * total;
  for (const [value, w] of table) if ((at -= w) < 0) return value;
  return table[0][0];
}

/** How far an activity that ended `age` days ago has come: recent ones are still being done and reviewed. */
export function outcomeOf(next: () => number, age: number): Outcome {
  if (age < 0) return next() < 0.03 ? 'cancelled' : 'assigned';
  if (age < 3)
    return weighted(next, [
      ['assigned', 35],
      ['completed', 65],
    ]);
  if (age < 14)
    return weighted(next, [['completed', 30], ['approved', 35], ['billed', 12], ['approvedNotBilled', 8], ['closed', 8], ['cancelled', 4], ['assigned', 3]]); // prettier-ignore
  return weighted(next, [['closed', 38], ['billed', 22], ['approvedNotBilled', 10], ['approved', 12], ['completed', 8], ['cancelled', 7], ['assigned', 3]]); // prettier-ignore
}

/** Days (ages, from `now`) that an activity ending at `end` is old; negative in the future. */
export const ageOf = (now: Date, end: string) => (now.getTime() - new Date(end).getTime()) / DAY_MS;

/**
 * The day of the last periodic leak check before the demo's window, one per site whose F-gas machines need
 * them: `months` (the site's shortest interval) gives how far back it may lie, so most machines are due
 * again in the coming months and some are overdue. Closed long ago, like the real register's history.
 */
export function historyDay(now: Date, months: number, next: () => number): string | undefined {
  const newest = 95;
  const oldest = Math.round(months * 30.4) + 20;
  if (oldest <= newest) return undefined;
  let day = romeDate(new Date(now.getTime() - (newest + next() * (oldest - newest)) * DAY_MS));
  while (isWeekend(day)) day = addDays(day, -1);
  return day;
}

/** A fixed job of the technicians' working day: who, when (minutes in Italy), and whether it was sent. */
export interface DayJob<T> {
  lead: T;
  day: string;
  from: number;
  to: number;
  published: boolean;
}

/**
 * The demo technicians' working day: jobs today and tomorrow at fixed, believable times inside their working
 * hours, published (sent to them), and two drafts on the next working days the office has not sent yet.
 * `crew[0]` (the demo user `tecnico`) gets the full day; the others one job a day each.
 */
export function workingDays<T>(now: Date, crew: readonly T[]): DayJob<T>[] {
  const today = romeDate(now);
  const tomorrow = addDays(today, 1);
  const later = nextWorkingDay(tomorrow);
  const [first, ...others] = crew;
  if (first === undefined) return [];
  const h = (hours: number, minutes = 0) => hours * 60 + minutes;
  const job = (lead: T, day: string, from: number, to: number, published = true) => ({
    lead,
    day,
    from,
    to,
    published,
  });
  return [
    job(first, today, h(8, 30), h(10, 30)),
    job(first, today, h(11), h(12, 30)),
    job(first, today, h(14, 30), h(16, 30)),
    job(first, tomorrow, h(9), h(11)),
    job(first, tomorrow, h(14), h(16)),
    job(first, later, h(9), h(12), false),
    job(first, nextWorkingDay(later), h(14), h(17), false),
    ...others.flatMap((lead, i) => [
      job(lead, today, h(8 + (i % 3), 30), h(10 + (i % 3), 30)),
      job(lead, tomorrow, h(13, 30) + 30 * (i % 3), h(15, 30) + 30 * (i % 3)),
    ]),
  ];
}
