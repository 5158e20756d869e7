import { describe, expect, it } from 'vitest';
import { formatQuantity } from '../../../server/http/lang';

describe('formatQuantity: decimals in messages as people of the language read them', () => {
  it('drops trailing zeros and uses the decimal comma in Italian', () => {
    expect(formatQuantity('it', '10.000')).toBe('10');
    expect(formatQuantity('it', '2.500')).toBe('2,5');
    expect(formatQuantity('it', '0.125')).toBe('0,125');
    expect(formatQuantity('it', '1250.750')).toBe('1.250,75');
    expect(formatQuantity('it', '-3.200')).toBe('-3,2');
    expect(formatQuantity('it', '0.000')).toBe('0');
  });

  it('uses the decimal point and comma grouping in English', () => {
    expect(formatQuantity('en', '10.000')).toBe('10');
    expect(formatQuantity('en', '1250.750')).toBe('1,250.75');
  });

  it('leaves what is not a decimal as it is', () => {
    expect(formatQuantity('it', 'n/a')).toBe('n/a');
  });
});
