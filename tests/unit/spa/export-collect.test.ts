import { HttpError, type RaRecord } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { MAX_OFFSET, MAX_PAGE_SIZE } from '../../../resources/schema';
import { collectExport, ExportTooLarge, type ExportSource } from '../../../src/views/export/collect';

/** A list of `count` records, each naming a customer and two contacts, served like a data provider. */
function fakeSource(count: number, options: { refuse?: string; total?: number } = {}) {
  const pages: { page: number; perPage: number }[] = [];
  const totals: unknown[] = [];
  const asked: Record<string, string[][]> = {};
  const rows: RaRecord[] = Array.from({ length: count }, (_, i) => ({
    id: `r${i}`,
    customerId: `c${i % 3}`,
    contactIds: [`p${i % 4}`, `p${(i + 1) % 4}`],
  }));
  const dataProvider = {
    getList: async (
      _resource: string,
      params: { pagination: { page: number; perPage: number }; meta?: { total?: string } },
    ) => {
      const { page, perPage } = params.pagination;
      pages.push({ page, perPage });
      totals.push(params.meta?.total);
      const data = rows.slice((page - 1) * perPage, page * perPage);
      // As the services answer `options[total]=none`: whether more follows, no total.
      if (params.meta?.total === 'none')
        return { data, pageInfo: { hasNextPage: page * perPage < count, hasPreviousPage: page > 1 } };
      return { data, total: options.total ?? count };
    },
    getMany: async (resource: string, params: { ids: string[] }) => {
      if (resource === options.refuse) throw new HttpError('Forbidden', 403);
      (asked[resource] ??= []).push(params.ids);
      return { data: params.ids.map((id) => ({ id, name: `${resource}:${id}` })) };
    },
  } as unknown as ExportSource['dataProvider'];
  const source: ExportSource = {
    dataProvider,
    resource: 'wfm/activities',
    filter: { status: 'completed' },
    sort: { field: 'number', order: 'ASC' },
    references: new Map([
      ['customerId', 'sales/customers'],
      ['contactIds', 'address-book/contacts'],
    ]),
    represent: (_target, record) => String(record.name),
  };
  return { source, pages, asked, totals };
}

describe('collecting an export', () => {
  it('reads every page at the largest size, reporting the rows read against the total', async () => {
    const { source, pages } = fakeSource(2 * MAX_PAGE_SIZE + 5);
    const progress: string[] = [];
    const { records } = await collectExport(
      source,
      (p) => progress.push(`${p.fetched}/${p.total}`),
      new AbortController().signal,
    );
    expect(records).toHaveLength(2 * MAX_PAGE_SIZE + 5);
    expect(pages).toEqual([1, 2, 3].map((page) => ({ page, perPage: MAX_PAGE_SIZE })));
    expect(progress).toEqual(['100/205', '200/205', '205/205']);
  });

  it('counts exactly once, on the first page, and never again (docs/wire-contract.md#totals)', async () => {
    const { source, pages, totals } = fakeSource(2 * MAX_PAGE_SIZE);
    const { records } = await collectExport(source, () => undefined, new AbortController().signal);
    expect(records).toHaveLength(2 * MAX_PAGE_SIZE);
    // A full last page: whether another follows is the answer's, not a third request.
    expect(pages).toHaveLength(2);
    expect(totals).toEqual(['exact', 'none']);
  });

  it('asks for each referenced record once, and labels the cells with it', async () => {
    const { source, asked } = fakeSource(2 * MAX_PAGE_SIZE);
    const { label } = await collectExport(source, () => undefined, new AbortController().signal);
    expect(asked['sales/customers']).toEqual([['c0', 'c1', 'c2']]);
    expect(asked['address-book/contacts']).toEqual([['p0', 'p1', 'p2', 'p3']]);
    expect(label('sales/customers', 'c2')).toBe('sales/customers:c2');
  });

  it('leaves the ids of a resource the user may not read', async () => {
    const { source } = fakeSource(3, { refuse: 'sales/customers' });
    const { label } = await collectExport(source, () => undefined, new AbortController().signal);
    expect(label('sales/customers', 'c0')).toBeUndefined();
    expect(label('address-book/contacts', 'p0')).toBe('address-book/contacts:p0');
  });

  it('stops when cancelled, with nothing to write', async () => {
    const { source, pages } = fakeSource(3 * MAX_PAGE_SIZE);
    const controller = new AbortController();
    const run = collectExport(source, () => controller.abort(), controller.signal);
    await expect(run).rejects.toThrow();
    expect(pages).toHaveLength(1);
  });

  it('refuses a list longer than paging reaches', async () => {
    const { source } = fakeSource(10, { total: MAX_OFFSET + 1 });
    await expect(collectExport(source, () => undefined, new AbortController().signal)).rejects.toBeInstanceOf(
      ExportTooLarge,
    );
  });
});
