import { describe, expect, it } from 'vitest';
import { totalFromPage } from '../../../server/records/totals';

const query = (page: number, pageSize: number) => ({ page, pageSize });

describe('the total a page tells without a count (docs/wire-contract.md#totals)', () => {
  it('a page with no row after it is the last: the rows before it and its own', () => {
    expect(totalFromPage(query(0, 25), 7, false)).toBe(7);
    expect(totalFromPage(query(3, 25), 1, false)).toBe(76);
    // A full page is the last one too when the row past it is missing.
    expect(totalFromPage(query(2, 25), 25, false)).toBe(75);
    expect(totalFromPage(query(0, 25), 0, false)).toBe(0);
  });

  it('a page with a row after it, or one past the end, does not tell', () => {
    expect(totalFromPage(query(0, 25), 25, true)).toBeUndefined();
    expect(totalFromPage(query(2, 25), 25, true)).toBeUndefined();
    expect(totalFromPage(query(4, 25), 0, false)).toBeUndefined();
  });
});
