/** When the demo activities happen and how far each has come by now: the calendar of the wfm seed. */

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

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A value by weights: `[[value, weight], ...]`. */
function weighted<T>(next: () => number, table: readonly [T, number][]): T {
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  let at = next() * total;
  for (const [value, w] of table) if ((at -= w) < 0) return value;
  return table[0][0];
}

/** How far an activity that ended `age` days ago has come: recent ones are still being done and reviewed. */
function outcomeOf(next: () => number, age: number): Outcome {
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

/**
 * `count` working-day slots between three months ago and two months ahead, in time order (so numbers
 * follow the calendar): between 08:00 and 18:00 in Italy, one to four hours long. Activities in the
 * next ten days are sent to the technicians; later ones are mostly still drafts.
 */
export function plan(now: Date, count: number, next: () => number): Slot[] {
  const days: string[] = [];
  for (let t = now.getTime() - 91 * DAY_MS; t <= now.getTime() + 61 * DAY_MS; t += DAY_MS) {
    const day = romeDate(new Date(t));
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !days.includes(day)) days.push(day);
  }
  const slots: Slot[] = [];
  for (let i = 0; i < count; i++) {
    const day = days[Math.floor(next() * days.length)];
    const fromMinutes = 8 * 60 + 30 * Math.floor(next() * 15);
    const toMinutes = Math.min(fromMinutes + 60 * (1 + Math.floor(next() * 4)), 18 * 60);
    const start = romeInstant(day, fromMinutes);
    const end = romeInstant(day, toMinutes);
    const age = (now.getTime() - new Date(end).getTime()) / DAY_MS;
    const outcome = outcomeOf(next, age);
    const published = age >= 0 || -age < 10 || next() < 0.4;
    slots.push({ start, end, day, from: clock(fromMinutes), to: clock(toMinutes), published, outcome });
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * The last periodic leak check before the demo's window, one per site whose F-gas machines need them:
 * `months` (the site's shortest interval) gives how far back it may lie, so most machines are due
 * again in the coming months and some are overdue. Closed long ago, like the real register's history.
 */
export function historySlot(now: Date, months: number, next: () => number): Slot | undefined {
  const newest = 95;
  const oldest = Math.round(months * 30.4) + 20;
  if (oldest <= newest) return undefined;
  let at = new Date(now.getTime() - (newest + next() * (oldest - newest)) * DAY_MS);
  while ([0, 6].includes(new Date(`${romeDate(at)}T12:00:00Z`).getUTCDay())) at = new Date(at.getTime() - DAY_MS);
  const day = romeDate(at);
  return {
    start: romeInstant(day, 9 * 60),
    end: romeInstant(day, 11 * 60),
    day,
    from: '09:00',
    to: '11:00',
    published: true,
    outcome: 'closed',
  };
}

/**
 * The demo technicians' working day: jobs today and tomorrow at fixed, believable times, published (sent
 * to them), and two drafts after that the office has not sent yet. `crew[0]` (the demo user `tecnico`)
 * gets the full day; the others one job a day each.
 */
export function workingDays<T>(now: Date, crew: readonly T[]): { lead: T; slot: Slot }[] {
  const today = romeDate(now);
  const dayAfter = (n: number) => romeDate(new Date(new Date(`${today}T12:00:00Z`).getTime() + n * DAY_MS));
  const slot = (day: string, from: number, to: number, published: boolean): Slot => ({
    start: romeInstant(day, from),
    end: romeInstant(day, to),
    day,
    from: clock(from),
    to: clock(to),
    published,
    outcome: 'assigned',
  });
  const [first, ...others] = crew;
  if (first === undefined) return [];
  const h = (hours: number, minutes = 0) => hours * 60 + minutes;
  return [
    { lead: first, slot: slot(today, h(8, 30), h(10, 30), true) },
    { lead: first, slot: slot(today, h(11), h(12, 30), true) },
    { lead: first, slot: slot(today, h(14, 30), h(16, 30), true) },
    { lead: first, slot: slot(dayAfter(1), h(9), h(11), true) },
    { lead: first, slot: slot(dayAfter(1), h(14), h(16), true) },
    { lead: first, slot: slot(dayAfter(2), h(9), h(12), false) },
    { lead: first, slot: slot(dayAfter(3), h(14), h(17), false) },
    ...others.flatMap((lead, i) => [
      { lead, slot: slot(today, h(8 + (i % 3), 30), h(10 + (i % 3), 30), true) },
      { lead, slot: slot(dayAfter(1), h(14 - (i % 3)), h(16 - (i % 3)), true) },
    ]),
  ];
}
