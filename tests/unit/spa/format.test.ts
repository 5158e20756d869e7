import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CURRENCY,
  FIRST_DAY_OF_WEEK,
  expandYear,
  formatCompact,
  formatMoney,
  formatNumber,
  parseDate,
  parseNumber,
  tenantCurrency,
} from '../../../src/app/format';

/** Intl writes narrow no-break spaces in some locales: compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatting (docs/spa.md#formatting)', () => {
  it('shows at most 20 fraction digits when no precision is given', () => {
    expect(formatNumber(0.1, 'en')).toBe('0.1');
    // Intl's default would stop at 3 digits.
    expect(formatNumber(1.23456789, 'en')).toBe('1.23456789');
    expect(formatNumber(1e-20, 'en')).toBe('0.00000000000000000001');
    expect(formatNumber(1e-21, 'en')).toBe('0');
    expect(formatNumber(1234.5, 'it')).toBe('1234,5');
    expect(formatNumber(1 / 3, 'en', { precision: 2 })).toBe('0.33');
    expect(formatNumber(2, 'en', { precision: 2 })).toBe('2.00');
  });

  it('shortens large numbers with K, M, B and T', () => {
    expect(formatCompact(950, 'en')).toBe('950');
    expect(formatCompact(1500, 'en')).toBe('1.5K');
    expect(formatCompact(1500, 'it')).toBe('1,5K');
    expect(formatCompact(2_000_000, 'en')).toBe('2M');
    expect(formatCompact(-3_400_000_000, 'en')).toBe('-3.4B');
    expect(formatCompact(7.25e12, 'en', 2)).toBe('7.25T');
    expect(formatCompact(5e15, 'en')).toBe('5,000T');
    expect(formatCompact(999_950, 'en')).toBe('1M');
  });

  it('parses numbers in the locale, and gives NaN beyond 15 significant digits', () => {
    expect(parseNumber('1.234,5', 'it')).toBe(1234.5);
    expect(parseNumber('1,234.5', 'en')).toBe(1234.5);
    expect(parseNumber('-0,25', 'it')).toBe(-0.25);
    expect(parseNumber('123456789012345', 'en')).toBe(123456789012345);
    expect(parseNumber('1234567890123456', 'en')).toBeNaN();
    expect(parseNumber('0.0000001234567890123456', 'en')).toBeNaN();
    expect(parseNumber('000123', 'en')).toBe(123);
    expect(parseNumber('abc', 'en')).toBeNaN();
    expect(parseNumber('', 'en')).toBeNaN();
  });

  it('reads two-digit years below 30 as 20xx, the others as 19xx', () => {
    expect(expandYear(0, 2)).toBe(2000);
    expect(expandYear(29, 2)).toBe(2029);
    expect(expandYear(30, 2)).toBe(1930);
    expect(expandYear(99, 2)).toBe(1999);
    expect(expandYear(1925, 4)).toBe(1925);
    expect(parseDate('3/2/25', 'it')).toEqual(new Date(2025, 1, 3));
    expect(parseDate('03.02.45', 'it')).toEqual(new Date(1945, 1, 3));
    expect(parseDate('2/3/29', 'en-US')).toEqual(new Date(2029, 1, 3));
    expect(parseDate('31/2/25', 'it')).toBeNull();
    expect(parseDate('oggi', 'it')).toBeNull();
  });

  it('starts weeks on day 0', () => {
    expect(FIRST_DAY_OF_WEEK).toBe(0);
  });

  it('takes the currency from the tenant config, USD when it names none', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(tenantCurrency({ currency: 'EUR' })).toBe('EUR');
    expect(tenantCurrency({})).toBe('USD');
    expect(tenantCurrency(null)).toBe('USD');
    expect(plain(formatMoney(1234.5, 'it', tenantCurrency({ currency: 'EUR' })))).toBe('1234,50 €');
    expect(formatMoney(1234.5, 'en', tenantCurrency({}))).toBe('$1,234.50');
  });
});
