import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatQuantity,
} from '../../../server/documents/pdf/format';

describe('documents print decimals Italian style from their strings', () => {
  it('drops trailing zeros, groups thousands with a dot and uses a decimal comma', () => {
    expect(formatDecimal('10.000')).toBe('10');
    expect(formatDecimal('1234.500')).toBe('1.234,5');
    expect(formatDecimal('0.250')).toBe('0,25');
    expect(formatDecimal('-1234567.1')).toBe('-1.234.567,1');
    expect(formatDecimal(null)).toBe('');
  });

  it('keeps a fixed number of decimals for money and hours', () => {
    expect(formatDecimal('12.5', 2)).toBe('12,50');
    expect(formatMoney('1234.5')).toBe('€ 1.234,50');
    expect(formatQuantity('2.500', 'kg')).toBe('2,5 kg');
  });

  it('prints days as dd/mm/yyyy and instants as seen in Italy', () => {
    expect(formatDate('2026-03-02')).toBe('02/03/2026');
    expect(formatDateTime('2026-03-02T13:05:00Z')).toBe('02/03/2026, 14:05');
    expect(formatDateTime('2026-07-02T13:05:00Z')).toBe('02/07/2026, 15:05');
  });
});
