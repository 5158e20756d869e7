/**
 * The RRULE subset of periodic tickets (docs/domain.md#periodic-plans: FREQ, INTERVAL, BYDAY, BYMONTHDAY,
 * BYMONTH, DTSTART, UNTIL, COUNT) over calendar dates, with no time of day and no time zone: a plan
 * says on which days a visit is due, not at what hour. Pure functions, shared by the form preview and
 * the server, so no library is needed for so small a subset.
 *
 * Semantics follow RFC 5545 as rrule.js applies them: only dates matching the rule are occurrences
 * (the start date itself too), `until` is inclusive, `count` counts occurrences from the start.
 */

export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Weekday codes in RRULE order (Monday first), as BYDAY writes them. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Months as the enum values of `byMonth` ("1" is January). */
export const MONTHS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export type Month = (typeof MONTHS)[number];

export interface Recurrence {
  freq: Frequency;
  /** Every `interval` days, weeks, months or years; at least 1. */
  interval: number;
  byWeekday?: readonly Weekday[] | null;
  /** A day of the month, 1..31, or -1 for the last day. */
  byMonthDay?: number | null;
  byMonth?: readonly Month[] | null;
  /** The first day the plan may produce (DTSTART), `YYYY-MM-DD`. */
  startDate: string;
  /** The last day it may produce (UNTIL, inclusive). */
  endDate?: string | null;
  /** At most this many occurrences from the start (COUNT). */
  maxOccurrences?: number | null;
}

const DAY_MS = 24 * 3600 * 1000;
/** Periods examined before giving up: a rule such as "every 30 February" matches nothing, ever. */
const MAX_PERIODS = 50_000;

/** `YYYY-MM-DD` -> days since 1970-01-01 (UTC arithmetic: calendar dates have no zone). */
function toDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

function fromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/** 0 = Monday ... 6 = Sunday. */
function weekdayOf(day: number): number {
  return (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
}

/** A real calendar date written `YYYY-MM-DD` (not 2026-02-30, not a half-typed one). */
export function isCalendarDate(date: unknown): date is string {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  return fromDay(toDay(date)) === date;
}

/** The days of one month the rule picks, in order (BYMONTHDAY, else BYDAY, else the start's day). */
function daysOfMonth(rule: Recurrence, year: number, month0: number, startDayOfMonth: number): number[] {
  const length = daysInMonth(year, month0);
  const first = Math.round(Date.UTC(year, month0, 1) / DAY_MS);
  const weekdays = rule.byWeekday?.length ? new Set(rule.byWeekday.map((w) => WEEKDAYS.indexOf(w))) : null;
  let candidates: number[];
  if (rule.byMonthDay !== null && rule.byMonthDay !== undefined) {
    const dom = rule.byMonthDay === -1 ? length : rule.byMonthDay;
    candidates = dom >= 1 && dom <= length ? [first + dom - 1] : [];
  } else if (weekdays) {
    candidates = Array.from({ length }, (_, i) => first + i);
  } else {
    // Like RRULE, a month without the start's day (the 31st) is skipped, not moved.
    candidates = startDayOfMonth <= length ? [first + startDayOfMonth - 1] : [];
  }
  return weekdays ? candidates.filter((day) => weekdays.has(weekdayOf(day))) : candidates;
}

/** The candidate days of the `n`-th period from the start, ascending, before the start/end bounds. */
function period(rule: Recurrence, start: number, n: number): number[] {
  const startDate = new Date(start * DAY_MS);
  const [sy, sm, sd] = [startDate.getUTCFullYear(), startDate.getUTCMonth(), startDate.getUTCDate()];
  const months = rule.byMonth?.length ? new Set(rule.byMonth.map((m) => Number(m) - 1)) : null;
  const inMonths = (day: number) => !months || months.has(new Date(day * DAY_MS).getUTCMonth());
  const interval = Math.max(1, Math.trunc(rule.interval));
  switch (rule.freq) {
    case 'daily': {
      const day = start + n * interval;
      const date = new Date(day * DAY_MS);
      const dom = date.getUTCDate();
      const last = daysInMonth(date.getUTCFullYear(), date.getUTCMonth());
      const byDay = rule.byWeekday?.length ? rule.byWeekday.map((w) => WEEKDAYS.indexOf(w)) : null;
      const domOk =
        rule.byMonthDay === null ||
        rule.byMonthDay === undefined ||
        dom === (rule.byMonthDay === -1 ? last : rule.byMonthDay);
      return inMonths(day) && domOk && (!byDay || byDay.includes(weekdayOf(day))) ? [day] : [];
    }
    case 'weekly': {
      // Weeks start on Monday (RRULE's default WKST).
      const monday = start - weekdayOf(start) + n * 7 * interval;
      const wanted = rule.byWeekday?.length ? rule.byWeekday.map((w) => WEEKDAYS.indexOf(w)) : [weekdayOf(start)];
      return [...new Set(wanted)]
        .sort((a, b) => a - b)
        .map((w) => monday + w)
        .filter(inMonths);
    }
    case 'monthly': {
      const index = sm + n * interval;
      const year = sy + Math.floor(index / 12);
      const month0 = ((index % 12) + 12) % 12;
      return daysOfMonth(rule, year, month0, sd).filter(inMonths);
    }
    case 'yearly': {
      const year = sy + n * interval;
      // BYDAY alone in a yearly rule means those weekdays all year round.
      const monthList = months
        ? [...months].sort((a, b) => a - b)
        : rule.byWeekday?.length && (rule.byMonthDay === null || rule.byMonthDay === undefined)
          ? Array.from({ length: 12 }, (_, i) => i)
          : [sm];
      return monthList.flatMap((month0) => daysOfMonth(rule, year, month0, sd));
    }
  }
}

/** Whether a rule is complete enough to produce dates (a form being filled in may not be yet). */
export function isComplete(rule: Partial<Recurrence>): rule is Recurrence {
  return (
    typeof rule.freq === 'string' &&
    (FREQUENCIES as readonly string[]).includes(rule.freq) &&
    typeof rule.interval === 'number' &&
    Number.isInteger(rule.interval) &&
    rule.interval >= 1 &&
    isCalendarDate(rule.startDate) &&
    (rule.endDate === null || rule.endDate === undefined || isCalendarDate(rule.endDate))
  );
}

/**
 * The occurrences falling in [from, to] (inclusive, `YYYY-MM-DD`), at most `limit` of them, in order.
 * The count limit of the rule is applied from the start date, whatever `from` is.
 */
export function occurrencesBetween(rule: Recurrence, from: string, to: string, limit = 1000): string[] {
  const start = toDay(rule.startDate);
  const last = Math.min(toDay(to), rule.endDate ? toDay(rule.endDate) : Infinity);
  const first = toDay(from);
  const max = rule.maxOccurrences ?? Infinity;
  const out: string[] = [];
  let counted = 0;
  for (let n = 0; n < MAX_PERIODS; n++) {
    // Periods only move forward: once one begins after the last day, none later can match.
    if (periodStartBound(rule, start, n) > last) break;
    for (const day of period(rule, start, n)) {
      if (day < start) continue;
      if (day > last || counted >= max) return out;
      counted++;
      if (day >= first) {
        out.push(fromDay(day));
        if (out.length >= limit) return out;
      }
    }
    if (counted >= max) break;
  }
  return out;
}

/** The earliest day a period could hold, to stop on rules whose periods may be empty. */
function periodStartBound(rule: Recurrence, start: number, n: number): number {
  const interval = Math.max(1, Math.trunc(rule.interval));
  const startDate = new Date(start * DAY_MS);
  switch (rule.freq) {
    case 'daily':
      return start + n * interval;
    case 'weekly':
      return start - weekdayOf(start) + n * 7 * interval;
    case 'monthly': {
      const index = startDate.getUTCMonth() + n * interval;
      return Math.round(
        Date.UTC(startDate.getUTCFullYear() + Math.floor(index / 12), ((index % 12) + 12) % 12, 1) / DAY_MS,
      );
    }
    case 'yearly':
      return Math.round(Date.UTC(startDate.getUTCFullYear() + n * interval, 0, 1) / DAY_MS);
  }
}

/** The first occurrence on or after `onOrAfter`, or null when the plan has none left. */
export function nextOccurrence(rule: Recurrence, onOrAfter: string): string | null {
  const horizon = rule.endDate ?? fromDay(toDay(onOrAfter) + 366 * 100);
  return occurrencesBetween(rule, onOrAfter, horizon, 1)[0] ?? null;
}

/** Today's date in Italy, where the plans are carried out, as `YYYY-MM-DD`. */
export function todayInItaly(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Adds whole days to a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  return fromDay(toDay(date) + days);
}
