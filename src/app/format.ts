import { parseLocaleDecimal } from '../views/fields/decimal-text';

/**
 * Numbers, amounts and dates as docs/spa.md#formatting fixes them. Pure functions of the value and the UI
 * locale; the generated views, charts and calendars use them.
 */

/** Fraction digits shown when no precision is given. */
export const MAX_FRACTION_DIGITS = 20;
/** Parsing refuses what a double cannot hold exactly. */
export const MAX_SIGNIFICANT_DIGITS = 15;
/** Suffixes of large numbers, for thousands, millions, billions and trillions. */
export const COMPACT_SUFFIXES = ['K', 'M', 'B', 'T'] as const;
/** Calendars start their weeks on this day (0: Sunday). */
export const FIRST_DAY_OF_WEEK = 0;
/** The component suite's currency when the tenant config names none; the demo tenants name EUR. */
export const DEFAULT_CURRENCY = 'USD';
/** Two-digit years below this are 20xx, the others 19xx. */
export const TWO_DIGIT_YEAR_PIVOT = 30;

export interface NumberOptions {
  /** Fraction digits, exactly; null or absent shows those the value has, up to 20. */
  precision?: number | null;
  style?: 'decimal' | 'percent' | 'currency';
  currency?: string;
}

function numberFormat(locale: string, { precision = null, style = 'decimal', currency }: NumberOptions) {
  const digits =
    precision === null
      ? { minimumFractionDigits: 0, maximumFractionDigits: MAX_FRACTION_DIGITS }
      : { minimumFractionDigits: precision, maximumFractionDigits: precision };
  return new Intl.NumberFormat(locale, {
    style,
    ...(style === 'currency' ? { currency: currency ?? DEFAULT_CURRENCY } : {}),
    ...digits,
  });
}

export function formatNumber(value: number, locale: string, options: NumberOptions = {}): string {
  return numberFormat(locale, options).format(value);
}

/** An amount in a currency; the tenant's comes from tenantCurrency(). */
export function formatMoney(value: number, locale: string, currency: string, precision: number | null = 2): string {
  return formatNumber(value, locale, { style: 'currency', currency, precision });
}

/**
 * A large number shortened with K, M, B or T ("1,5K" in Italian, "1.5K" in English), with one fraction
 * digit unless told otherwise. Numbers below a thousand are written out.
 */
export function formatCompact(value: number, locale: string, precision = 1): string {
  if (!Number.isFinite(value)) return formatNumber(value, locale);
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: precision });
  let power = Math.min(Math.floor(Math.log10(Math.abs(value) || 1) / 3), COMPACT_SUFFIXES.length);
  if (power <= 0) return format.format(value);
  // 999 950 rounds to "1000K": that is "1M".
  const round = (p: number) => Number((value / 1000 ** p).toFixed(precision));
  if (Math.abs(round(power)) >= 1000 && power < COMPACT_SUFFIXES.length) power += 1;
  return `${format.format(round(power))}${COMPACT_SUFFIXES[power - 1]}`;
}

/** Digits from the first non-zero one to the last: "00120.50" has five. */
export function significantDigits(decimal: string): number {
  return decimal.replace(/[^0-9]/g, '').replace(/^0+/, '').length;
}

/**
 * A number as a person typed it in the locale ("1.234,5" in Italian). Not a number, or more than 15
 * significant digits, gives NaN: a double would silently change such a number.
 */
export function parseNumber(text: string, locale: string): number {
  const decimal = parseLocaleDecimal(text, locale);
  if (decimal === null || !/^-?\d+(\.\d+)?$/.test(decimal)) return NaN;
  return significantDigits(decimal) > MAX_SIGNIFICANT_DIGITS ? NaN : Number(decimal);
}

/** 25 is 2025, 30 is 1930 (docs/spa.md#formatting). Years written with more digits are kept. */
export function expandYear(year: number, digits: number): number {
  if (digits > 2) return year;
  return year < TWO_DIGIT_YEAR_PIVOT ? 2000 + year : 1900 + year;
}

const orders = new Map<string, ('day' | 'month' | 'year')[]>();

/** The order of day, month and year in the locale's short dates (it: d/m/y, en-US: m/d/y). */
export function dateOrder(locale: string): ('day' | 'month' | 'year')[] {
  let order = orders.get(locale);
  if (!order) {
    const parts = new Intl.DateTimeFormat(locale).formatToParts(new Date(2001, 10, 23));
    order = parts.map((p) => p.type).filter((t): t is 'day' | 'month' | 'year' => ['day', 'month', 'year'].includes(t));
    orders.set(locale, order);
  }
  return order;
}

/** A date typed in the locale's order ("3/2/25" is 3 February 2025 in Italian), at local midnight; null if invalid. */
export function parseDate(text: string, locale: string): Date | null {
  const match = /^\s*(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})\s*$/.exec(text);
  if (!match) return null;
  const values: Record<string, { value: number; digits: number }> = {};
  dateOrder(locale).forEach((part, i) => {
    values[part] = { value: Number(match[i + 1]), digits: match[i + 1].length };
  });
  const year = expandYear(values.year.value, values.year.digits);
  const month = values.month.value - 1;
  const date = new Date(year, month, values.day.value);
  date.setFullYear(year);
  const valid = date.getFullYear() === year && date.getMonth() === month && date.getDate() === values.day.value;
  return valid ? date : null;
}

/** The tenant's currency: the config's `currency`, else the component suite's default, USD. */
export function tenantCurrency(config: { currency?: string | null } | null | undefined): string {
  return config?.currency || DEFAULT_CURRENCY;
}
