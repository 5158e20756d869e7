import { describe, expect, it } from 'vitest';
import { estimatedTotal } from '../../../src/views/list/estimate';

describe('an estimated total as the pagination writes it (docs/wire-contract.md#totals)', () => {
  it('two significant digits, in the locale', () => {
    expect(estimatedTotal(103_417, 'it-IT')).toBe('100.000');
    expect(estimatedTotal(103_417, 'en')).toBe('100,000');
    expect(estimatedTotal(1_025, 'en')).toBe('1,000');
    // Italian groups digits from five on (CLDR): 1600, 10.000.
    expect(estimatedTotal(1_570, 'it-IT')).toBe('1600');
    expect(estimatedTotal(12_345, 'it-IT')).toBe('12.000');
  });
});
