import { describe, expect, it } from 'vitest';
import { contacts } from '../../../resources/index';
import type { HttpClient } from '../../../dataProviders/http';
import { chunkSize, createServiceProvider } from '../../../dataProviders/service';

/** A service holding `count` records that answers like the real ones, refusing pages above 100. */
function fakeService(count: number) {
  const calls: { page: number; pageSize: number }[] = [];
  const http = (async (url: string) => {
    const query = new URL(url, 'http://x').searchParams;
    const page = Number(query.get('page'));
    const pageSize = Number(query.get('pageSize'));
    if (pageSize > 100) throw new Error(`400: pageSize ${pageSize}`);
    calls.push({ page, pageSize });
    const rows = Array.from({ length: count }, (_, i) => ({ id: `r${i}` })).slice(
      page * pageSize,
      (page + 1) * pageSize,
    );
    return { status: 200, headers: new Headers(), body: '', json: { data: rows, total: count } };
  }) as unknown as HttpClient;
  const provider = createServiceProvider({
    http,
    baseUrl: 'http://x/address-book',
    definition: () => contacts,
  });
  const list = (page: number, perPage: number) =>
    provider.getList('address-book/contacts', {
      pagination: { page, perPage },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
  return { calls, list };
}

describe('the service data provider', () => {
  it('fetches a page larger than the services allow as several, in order (the CSV export asks for 1000)', async () => {
    const service = fakeService(250);
    const { data, total } = await service.list(1, 1000);
    expect(total).toBe(250);
    expect(data.map((r) => r.id)).toEqual(Array.from({ length: 250 }, (_, i) => `r${i}`));
    // Stops at the last row instead of asking for seven empty pages.
    expect(service.calls).toEqual([
      { page: 0, pageSize: 100 },
      { page: 1, pageSize: 100 },
      { page: 2, pageSize: 100 },
    ]);
  });

  it('keeps the rows of a later large page', async () => {
    const service = fakeService(700);
    const { data } = await service.list(2, 250);
    expect(data[0].id).toBe('r250');
    expect(data).toHaveLength(250);
    expect(service.calls.every((c) => c.pageSize === 50)).toBe(true);
  });

  it('asks for a page the services allow in one call', async () => {
    const service = fakeService(30);
    expect((await service.list(1, 25)).data).toHaveLength(25);
    expect(service.calls).toEqual([{ page: 0, pageSize: 25 }]);
  });

  it('chunks by the largest size up to 100 that divides the page', () => {
    expect(chunkSize(1000)).toBe(100);
    expect(chunkSize(250)).toBe(50);
    expect(chunkSize(60)).toBe(60);
    expect(chunkSize(101)).toBe(1);
  });
});
