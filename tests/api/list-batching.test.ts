import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../dataProviders/http';
import { createServiceProvider } from '../../dataProviders/service';
import { contacts } from '../../resources/index';
import { MAX_FILTER_VALUES } from '../../resources/schema';
import { startTestServer, type TestServer } from './helpers';

/**
 * The SPA's data provider against a real server, through HTTP: the two halves agree on how many values
 * one `in` filter may hold (resources/schema/list.ts), so a reference column naming more records than
 * that (an export's page of 100 rows) is still read whole (docs/wire-contract.md#limits).
 */
let server: TestServer;
let token: string;
const COUNT = 2 * MAX_FILTER_VALUES + 20;

beforeAll(async () => {
  server = await startTestServer({ seedContacts: COUNT });
  token = (await server.login('acme', 'admin')).AccessToken;
});
afterAll(() => server?.close());

/** fetch over the server's in-process injection, so the provider sends exactly what a browser would. */
const injectFetch: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  const res = await server.app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: url.pathname + url.search,
    headers: Object.fromEntries(new Headers(init?.headers).entries()),
    payload: init?.body as string | undefined,
  });
  return new Response(res.statusCode === 204 ? null : res.body, {
    status: res.statusCode,
    headers: res.headers as Record<string, string>,
  });
};

function provider() {
  const http = createHttpClient({
    tokens: { accessToken: () => token, refresh: async () => false },
    fetch: injectFetch,
  });
  return createServiceProvider({ http, baseUrl: 'http://test/address-book', definition: () => contacts });
}

describe('ids asked by the SPA', () => {
  it('reads more records by id than one `in` filter holds', async () => {
    const listed = await server.app.inject({
      url: '/address-book/api/contacts?pageSize=100',
      headers: { authorization: `Bearer ${token}` },
    });
    const more = await server.app.inject({
      url: '/address-book/api/contacts?pageSize=100&page=1',
      headers: { authorization: `Bearer ${token}` },
    });
    const ids = [...listed.json().data, ...more.json().data].map((r: { id: string }) => r.id);
    expect(ids.length).toBeGreaterThan(2 * MAX_FILTER_VALUES);

    const { data } = await provider().getMany('address-book/contacts', { ids });
    expect(data.map((r) => r.id)).toEqual(ids);
  });

  it('is refused by the server when sent as one filter, so the batching is what makes it work', async () => {
    const values = Array.from({ length: MAX_FILTER_VALUES + 1 }, (_, i) => `filters[0][value][${i}]=x${i}`).join('&');
    const res = await server.app.inject({
      url: `/address-book/api/contacts?filters[0][field]=id&filters[0][operator]=in&${values}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(`at most ${MAX_FILTER_VALUES}`);
  });
});
