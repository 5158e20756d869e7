import { describe, expect, it } from 'vitest';
import type { ListQuery } from '../../../server/records/list-query';
import { totalFromPage } from '../../../server/records/sql';

const query = (page: number, pageSize: number, conditions: ListQuery['conditions'] = []): ListQuery => ({
  page,
  pageSize,
  conditions,
  sort: { field: 'createdAt', direction: 'desc' },
});
const ids = (n: number) =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

describe('the total a page tells without a count (docs/wire-contract.md#totals)', () => {
  it('a page that is not full is the last: the rows before it and its own', () => {
    expect(totalFromPage(query(0, 25), 7)).toBe(7);
    expect(totalFromPage(query(3, 25), 1)).toBe(76);
    expect(totalFromPage(query(0, 25), 0)).toBe(0);
  });

  it('a full page, or one past the end, needs the count', () => {
    expect(totalFromPage(query(0, 25), 25)).toBeUndefined();
    expect(totalFromPage(query(2, 25), 25)).toBeUndefined();
    expect(totalFromPage(query(4, 25), 0)).toBeUndefined();
  });

  it('a first page holding every id asked for holds every match (getMany), whatever other filters say', () => {
    const byIds = [{ field: 'id', operator: 'in' as const, value: ids(5) }];
    expect(totalFromPage(query(0, 5, byIds), 5)).toBe(5);
    expect(totalFromPage(query(0, 5, [{ field: 'id', operator: 'eq', value: ids(1)[0] }]), 1)).toBe(1);
    // More ids than the page holds: the rest may be on the next page.
    expect(totalFromPage(query(0, 4, byIds), 4)).toBeUndefined();
    // Another field's `in` bounds nothing.
    expect(totalFromPage(query(0, 5, [{ field: 'customerId', operator: 'in', value: ids(5) }]), 5)).toBeUndefined();
  });
});
