import { describe, expect, it } from 'vitest';
import {
  decimalSeparator,
  formatDecimal,
  parseLocaleDecimal,
  toEditText,
} from '../../../src/views/fields/decimal-text';
import { groupIban } from '../../../src/views/fields/identifiers';

describe('decimals typed by people', () => {
  it('reads Italian input as the wire form', () => {
    expect(parseLocaleDecimal('1.234,56', 'it')).toBe('1234.56');
    expect(parseLocaleDecimal('1234,5', 'it')).toBe('1234.5');
    expect(parseLocaleDecimal('1.234', 'it')).toBe('1234');
    expect(parseLocaleDecimal('1.234.567', 'it')).toBe('1234567');
    // The keypad's dot is a decimal point unless it groups exactly three digits.
    expect(parseLocaleDecimal('12.5', 'it')).toBe('12.5');
    expect(parseLocaleDecimal('-0,75', 'it')).toBe('-0.75');
    expect(parseLocaleDecimal(' 1 234,00 ', 'it')).toBe('1234.00');
    expect(parseLocaleDecimal(',5', 'it')).toBe('0.5');
  });
  it('reads English input as the wire form', () => {
    expect(parseLocaleDecimal('1,234.56', 'en')).toBe('1234.56');
    expect(parseLocaleDecimal('1,234', 'en')).toBe('1234');
    expect(parseLocaleDecimal('12,5', 'en')).toBe('12.5');
    expect(parseLocaleDecimal('0.1', 'en')).toBe('0.1');
  });
  it('gives null for nothing and the text itself for what is no number', () => {
    expect(parseLocaleDecimal('  ', 'it')).toBeNull();
    expect(parseLocaleDecimal('12a', 'it')).toBe('12a');
    expect(parseLocaleDecimal('1,2,3.4,5', 'it')).toBe('1,2,3.4,5');
    expect(parseLocaleDecimal('-', 'it')).toBe('-');
  });
  it('shows a wire value for editing with the locale separator', () => {
    expect(decimalSeparator('it')).toBe(',');
    expect(decimalSeparator('en')).toBe('.');
    expect(toEditText('1234.50', 'it', 2)).toBe('1234,50');
    expect(toEditText('100.50000000', 'it', 2)).toBe('100,50');
    expect(toEditText('2.000', 'it')).toBe('2');
    expect(toEditText('-0.500', 'en')).toBe('-0.5');
    expect(toEditText('1234.50', 'en', 2)).toBe('1234.50');
    expect(toEditText(null, 'it')).toBe('');
    expect(toEditText('abc', 'it')).toBe('abc');
  });
  it('formats a wire value exactly, money with the currency', () => {
    expect(formatDecimal('1234.5', 'it', { minimumFractionDigits: 2 })).toBe('1234,50');
    expect(formatDecimal('1234567.5', 'it', { minimumFractionDigits: 2 })).toBe('1.234.567,50');
    expect(formatDecimal('1234.50', 'it', { style: 'currency', currency: 'EUR' })).toMatch(/^1234,50\s€$/);
    expect(formatDecimal('1234.50', 'en', { style: 'currency', currency: 'EUR' })).toBe('€1,234.50');
    // More digits than a double holds survive: Intl formats the string, not a float.
    expect(formatDecimal('12345678901234567.89', 'en', { maximumFractionDigits: 2 })).toBe('12,345,678,901,234,567.89');
    expect(formatDecimal(null, 'it')).toBe('');
    expect(formatDecimal('n/a', 'it')).toBe('n/a');
  });
});

describe('IBAN display', () => {
  it('groups in fours', () => {
    expect(groupIban('IT60X0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
  });
});
