import { describe, expect, it } from 'vitest';
import { decimal } from '../../../resources/schema';

describe('exact decimal helpers', () => {
  it('round half-up to a fixed number of decimals, never "-0.00"', () => {
    expect(decimal.round('2.345')).toBe('2.35');
    expect(decimal.round('2.344')).toBe('2.34');
    expect(decimal.round('-2.345')).toBe('-2.35');
    expect(decimal.round('-0.001')).toBe('0.00');
    expect(decimal.round('1', 3)).toBe('1.000');
    expect(decimal.round(null)).toBe('0.00');
  });
  it('compute a line amount without float errors', () => {
    // 0.1 * 3 in floats is 0.30000000000000004; 1.005 rounds to 1.00 in floats.
    expect(decimal.lineAmount('3', '0.1')).toBe('0.30');
    expect(decimal.lineAmount('1', '1.005')).toBe('1.01');
    expect(decimal.lineAmount('2', '100.5', '10')).toBe('180.90');
    expect(decimal.lineAmount('1.5', '45', null)).toBe('67.50');
    expect(decimal.lineAmount('3', '19.99999999', '33.33')).toBe('40.00');
  });
  it('sum a key over lines, skipping what is no line', () => {
    expect(decimal.sumOf([{ t: '0.10' }, { t: '0.20' }, { t: null }, null], 't')).toBe('0.30');
    expect(decimal.sumOf(undefined, 't')).toBe('0.00');
  });
  it('treat missing and unparsable values as zero (form previews)', () => {
    expect(decimal.dec('abc').toString()).toBe('0');
    expect(decimal.dec(' 12.5 ').toString()).toBe('12.5');
    expect(decimal.compare('10', '9.99')).toBe(1);
    expect(decimal.compare('1.0', '1')).toBe(0);
  });
  it('canonicalise a wire decimal or say why it does not fit', () => {
    expect(decimal.canonicalDecimal('12.5', 13, 2)).toEqual({ value: '12.50' });
    expect(decimal.canonicalDecimal('+007', 13, 2)).toEqual({ value: '7.00' });
    expect(decimal.canonicalDecimal('.5', 5, 2)).toEqual({ value: '0.50' });
    expect(decimal.canonicalDecimal('1.2300', 13, 2)).toEqual({ value: '1.23' });
    expect(decimal.canonicalDecimal('1.234', 13, 2)).toEqual({ error: 'scale' });
    expect(decimal.canonicalDecimal('123456789012', 13, 2)).toEqual({ error: 'precision' });
    expect(decimal.canonicalDecimal('1e3', 13, 2)).toEqual({ error: 'format' });
    expect(decimal.canonicalDecimal('1,5', 13, 2)).toEqual({ error: 'format' });
    expect(decimal.decimalLimit(13, 2)).toBe('99999999999.99');
    expect(decimal.decimalLimit(3, 3)).toBe('0.999');
  });
});
