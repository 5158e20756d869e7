import type { FieldIssue } from '../../../../resources/schema';
import { issue } from '../../../records';

/** The longest period an export covers: a (leap) year, so a whole fiscal year fits in one file. */
export const MAX_PERIOD_DAYS = 366;

/** A period of days, both ends included, as ISO dates (docs/wire-contract.md#accountant-exports). */
export interface Period {
  from: string;
  to: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since the epoch of a real calendar date (2025-02-30 is none). */
function dayNumber(value: string): number | undefined {
  const m = DAY.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const time = Date.UTC(y, mo - 1, d);
  const date = new Date(time);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return time / 86_400_000;
}

/**
 * The period of an export's query string, or the issues naming what is wrong with it: both ends required,
 * real dates, `from` ≤ `to`, at most MAX_PERIOD_DAYS days (docs/domain.md#exports-for-the-accountant).
 */
export function parsePeriod(query: { from?: unknown; to?: unknown }): Period | FieldIssue[] {
  const issues: FieldIssue[] = [];
  const ends = { from: query.from, to: query.to };
  const days: Partial<Record<keyof typeof ends, number>> = {};
  for (const name of ['from', 'to'] as const) {
    const value = ends[name];
    if (value === undefined || value === '') issues.push(issue(name, 'validation.required'));
    else if (typeof value !== 'string' || (days[name] = dayNumber(value)) === undefined)
      issues.push(issue(name, 'validation.sales.periodDate'));
  }
  if (issues.length > 0 || days.from === undefined || days.to === undefined) return issues;
  if (days.to < days.from) return [issue('to', 'validation.sales.periodOrder')];
  if (days.to - days.from + 1 > MAX_PERIOD_DAYS)
    return [issue('to', 'validation.sales.periodTooLong', { max: MAX_PERIOD_DAYS })];
  return { from: ends.from as string, to: ends.to as string };
}
