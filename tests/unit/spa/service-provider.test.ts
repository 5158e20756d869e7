import { describe, expect, it } from 'vitest';
import { contacts } from '../../../resources/index';
import { createHttpClient, type HttpClient } from '../../../dataProviders/http';
import { MAX_COUNT_KEYS, MAX_FILTER_VALUES } from '../../../resources/schema';
import { batches, chunkSize, createServiceProvider } from '../../../dataProviders/service';
import { newIdempotencyKey } from '../../../src/views/form/IdempotentCreate';

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

  it('cuts a list into batches of a size, in order', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 2)).toEqual([]);
  });
});

/**
 * A service that refuses an `in` of more values than the list contract allows, as the real query-string
 * reader does, and answers the records asked for in its own (reversed) order.
 */
function idService() {
  const batchesAsked: string[][] = [];
  let open = 0;
  let mostOpen = 0;
  const http = (async (url: string) => {
    const query = new URL(url, 'http://x').searchParams;
    const ids = [...query.entries()].filter(([key]) => /^filters\[0\]\[value\]\[\d+\]$/.test(key)).map(([, v]) => v);
    if (ids.length > MAX_FILTER_VALUES) throw new Error(`400: Too many values (at most ${MAX_FILTER_VALUES})`);
    batchesAsked.push(ids);
    open++;
    mostOpen = Math.max(mostOpen, open);
    await new Promise((resolve) => setTimeout(resolve, 1));
    open--;
    const rows = ids.filter((id) => id !== 'gone').map((id) => ({ id }));
    return { status: 200, headers: new Headers(), body: '', json: { data: rows.reverse(), total: rows.length } };
  }) as unknown as HttpClient;
  const provider = createServiceProvider({ http, baseUrl: 'http://x/address-book', definition: () => contacts });
  return { provider, batchesAsked, mostOpen: () => mostOpen };
}

describe('getMany', () => {
  it('asks for more ids than one filter takes in batches of the shared limit, at once, merged in order', async () => {
    const service = idService();
    const ids = Array.from({ length: 2 * MAX_FILTER_VALUES + 7 }, (_, i) => `id${i}`);
    const { data } = await service.provider.getMany('address-book/contacts', { ids });
    expect(data.map((r) => r.id)).toEqual(ids);
    expect(service.batchesAsked.map((b) => b.length)).toEqual([MAX_FILTER_VALUES, MAX_FILTER_VALUES, 7]);
    expect(service.mostOpen()).toBe(3);
  });

  it('asks for a repeated id once and leaves out ids that no longer exist', async () => {
    const service = idService();
    const { data } = await service.provider.getMany('address-book/contacts', { ids: ['a', 'gone', 'b', 'a'] });
    expect(data.map((r) => r.id)).toEqual(['a', 'b']);
    expect(service.batchesAsked).toEqual([['a', 'gone', 'b']]);
  });
});

describe('create', () => {
  /** The provider over the real http client, on a fetch that records what goes on the wire. */
  function wire() {
    const sent: { url: string; method?: string; headers: Headers; body: unknown }[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({
        url: String(input),
        method: init?.method,
        headers: new Headers(init?.headers),
        body: JSON.parse(String(init?.body)),
      });
      return new Response(JSON.stringify({ data: { id: 'c1', lastName: 'Rossi' } }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      });
    };
    const http = createHttpClient({ tokens: { accessToken: () => 'tok', refresh: async () => false }, fetch });
    const provider = createServiceProvider({ http, baseUrl: 'http://x/address-book', definition: () => contacts });
    return { provider, sent };
  }
  const data = { kind: 'person', firstName: 'Mario', lastName: 'Rossi', mobile: '+393331234567' };

  it('sends meta.idempotencyKey as the Idempotency-Key header, the body unchanged', async () => {
    const { provider, sent } = wire();
    const { data: created } = await provider.create('address-book/contacts', {
      data,
      meta: { idempotencyKey: 'k-123' },
    });
    expect(created.id).toBe('c1');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: 'http://x/address-book/api/contacts', method: 'POST' });
    expect(sent[0].headers.get('Idempotency-Key')).toBe('k-123');
    expect(sent[0].headers.get('Authorization')).toBe('Bearer tok');
    expect(sent[0].body).toMatchObject(data);
    expect(sent[0].body).not.toHaveProperty('idempotencyKey');
  });

  it('sends no Idempotency-Key when the call carries none', async () => {
    const { provider, sent } = wire();
    await provider.create('address-book/contacts', { data });
    await provider.create('address-book/contacts', { data, meta: { other: true } });
    expect(sent.map((request) => request.headers.has('Idempotency-Key'))).toEqual([false, false]);
  });
});

describe('the create form key', () => {
  it('is 32 hex characters (128 random bits), a new one each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('totals, label fields and counts (docs/wire-contract.md#totals, #counts)', () => {
  /** A service answering `answer` to every call, recording the URLs and bodies it was sent. */
  function recording(answer: (url: string, body: unknown) => unknown) {
    const sent: { url: string; body?: unknown }[] = [];
    const http = (async (url: string, init?: { body?: unknown }) => {
      sent.push({ url: decodeURIComponent(url), body: init?.body });
      return { status: 200, headers: new Headers(), body: '', json: answer(url, init?.body) };
    }) as unknown as HttpClient;
    const provider = createServiceProvider({ http, baseUrl: 'http://x/address-book', definition: () => contacts });
    return { provider, sent };
  }
  const params = {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'lastName', order: 'ASC' as const },
    filter: {},
  };

  it('hands an estimated total to the list as meta, and an exact one without', async () => {
    const estimated = recording(() => ({ data: [], total: 103_417, totalEstimated: true }));
    expect(await estimated.provider.getList('address-book/contacts', params)).toEqual({
      data: [],
      total: 103_417,
      meta: { totalEstimated: true },
    });
    const exact = recording(() => ({ data: [], total: 7 }));
    expect(await exact.provider.getList('address-book/contacts', params)).toEqual({ data: [], total: 7 });
  });

  it('asks for the total mode and fields meta names, and passes pageInfo on', async () => {
    const none = recording(() => ({ data: [], pageInfo: { hasNextPage: true, hasPreviousPage: false } }));
    const answer = await none.provider.getList('address-book/contacts', { ...params, meta: { total: 'none' } });
    expect(answer).toEqual({ data: [], pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    expect(none.sent[0].url).toContain('options[total]=none');
    const many = recording(() => ({ data: [{ id: 'a', lastName: 'Rossi' }], total: 1 }));
    await many.provider.getMany('address-book/contacts', { ids: ['a'], meta: { fields: ['lastName', 'firstName'] } });
    expect(many.sent[0].url).toContain('options[fields]=lastName,firstName');
    await many.provider.getMany('address-book/contacts', { ids: ['a'] });
    expect(many.sent[1].url).not.toContain('options[fields]');
  });

  it('sends counts as filter triples, in requests of at most MAX_COUNT_KEYS, merged by key', async () => {
    const service = recording((_url, body) => ({
      data: Object.fromEntries(Object.keys((body as { counts: object }).counts).map((key) => [key, key.length])),
    }));
    const counts = Object.fromEntries(
      Array.from({ length: MAX_COUNT_KEYS + 3 }, (_, i) => [
        `k${i}`,
        { resource: 'address-book/contacts', filter: { kind_in: ['person'], createdAt_gte: new Date(0) } },
      ]),
    );
    const { data } = await service.provider.counts('address-book/contacts', { counts });
    expect(Object.keys(data)).toHaveLength(MAX_COUNT_KEYS + 3);
    expect(data.k52).toBe(3);
    expect(service.sent.map((s) => [s.url, Object.keys((s.body as { counts: object }).counts).length])).toEqual([
      ['http://x/address-book/api/counts', MAX_COUNT_KEYS],
      ['http://x/address-book/api/counts', 3],
    ]);
    expect((service.sent[0].body as { counts: Record<string, unknown> }).counts.k0).toEqual({
      resource: 'address-book/contacts',
      filters: [
        { field: 'kind', operator: 'in', value: ['person'] },
        { field: 'createdAt', operator: 'gte', value: '1970-01-01T00:00:00.000Z' },
      ],
    });
  });
});
