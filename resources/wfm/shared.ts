import { decimal, f, todayInItaly, type Rule } from '../schema';

/** Cross-field rules and helpers shared by the wfm definitions; messages are keys under `validation.wfm`. */

type Issue = ReturnType<Rule<unknown>>[number];

export const blank = (v: unknown): boolean => v === null || v === undefined || v === '';

export const issue = (path: string, key: string, params?: Record<string, string | number>): Issue => ({
  path,
  message: key.startsWith('validation.') ? key : `validation.wfm.${key}`,
  params,
});

/** A planner colour, `#RRGGBB`. */
export const colorField = (opts: { required?: boolean } = {}) =>
  f.text({ ...opts, max: 7, pattern: /^#[0-9A-Fa-f]{6}$/, filter: ['eq'] });

/** Kilograms of refrigerant to the gram: decimal(10,3) as docs/domain.md#money-and-decimals gives it. */
export const kilograms = (opts: { required?: boolean; min?: string; default?: string } = {}) =>
  f.decimal({ precision: 10, scale: 3, min: '0', ...opts });

/**
 * `end` after `start` (ISO instants or dates compare as text once both are UTC/canonical); the issue
 * goes on `end`. `key` lets a rule say "not earlier" instead of "after".
 */
export function after<R>(end: keyof R & string, start: keyof R & string, orEqual = false): Rule<R> {
  return (r) => {
    if (blank(r[end]) || blank(r[start])) return [];
    const a = String(r[end]);
    const b = String(r[start]);
    return a < b || (!orEqual && a === b) ? [issue(end, orEqual ? 'notBeforeStart' : 'endAfterStart')] : [];
  };
}

/** A date (`YYYY-MM-DD`) not after today in Italy. */
export function notInFuture<R>(field: keyof R & string): Rule<R> {
  return (r) => {
    const value = r[field];
    if (blank(value)) return [];
    const text = String(value);
    const late = text.length === 10 ? text > todayInItaly() : new Date(text).getTime() > Date.now() + 60_000;
    return late ? [issue(field, 'notInFuture')] : [];
  };
}

/** `YYYY-MM-DD` plus whole months; the day is clamped to the month's last (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: unknown, months: number): string | null {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const [y, m, d] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` plus days. */
export function addDays(date: unknown, days: number): string | null {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** t CO2e of a charge: kg × GWP / 1000, unrounded: thresholds compare unrounded values (docs/domain.md#co2-equivalent). */
export function co2eOf(chargeKg: unknown, gwp: unknown): decimal.Big | null {
  if (blank(chargeKg) || typeof gwp !== 'number') return null;
  return decimal.dec(chargeKg).times(gwp).div(1000);
}

export interface LeakCheckInput {
  isFgas: unknown;
  isHfo: unknown;
  chargeKg: unknown;
  gwp: unknown;
  hermeticallySealed: unknown;
  leakDetectionSystem: unknown;
}

/**
 * Minimum months between leak checks, Reg. (EU) 2024/573 Art. 5 as docs/domain.md#leak-check-intervals tabulates it: CO2e
 * thresholds for HFCs (Annex I), kilogram thresholds for HFOs (Annex II), none for gases that are not
 * F-gases or for small hermetically sealed equipment; a leak-detection system doubles the interval.
 */
export function leakCheckInterval(m: LeakCheckInput): number | null {
  if (m.isFgas !== true || blank(m.chargeKg)) return null;
  const kg = decimal.dec(m.chargeKg);
  const t = co2eOf(m.chargeKg, m.gwp) ?? new decimal.Big(0);
  const hfo = m.isHfo === true;
  if (m.hermeticallySealed === true && (hfo ? kg.lt(2) : t.lt(10))) return null;
  const base = hfo
    ? kg.gte(100)
      ? 3
      : kg.gte(10)
        ? 6
        : kg.gte(1)
          ? 12
          : null
    : t.gte(500)
      ? 3
      : t.gte(50)
        ? 6
        : t.gte(5)
          ? 12
          : null;
  return base !== null && m.leakDetectionSystem === true ? base * 2 : base;
}
