import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { buildWfmWorld } from './wfm-fixture';

/*
 * What a list answers of its total (docs/wire-contract.md#totals): exact up to a bound past the page, then the
 * planner's estimate flagged `totalEstimated`; `options[total]=exact` always counts, `none` answers pageInfo;
 * `options[fields]` answers only the fields asked for, private ones kept hidden.
 */
let server: TestServer;
let admin: Record<string, string>;
const ACME = 1300;
const COMPANIES = ACME / 5;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
  await sql`delete from address_book.contacts`.execute(server.db.kysely);
  // More of acme's rows than the exact bound past a first page (1025), and more of globex's than acme's.
  await sql`insert into address_book.contacts (tenant_id, id, kind, first_name, last_name, company_name, email)
    select 'acme', gen_random_uuid(), case when g % 5 = 0 then 'company' else 'person' end, 'Name' || g,
      'Surname' || lpad(g::text, 5, '0'), case when g % 5 = 0 then 'Company ' || g end, 'p' || g || '@example.com'
    from generate_series(1, ${ACME}) g`.execute(server.db.kysely);
  await sql`insert into address_book.contacts (tenant_id, id, kind, last_name)
    select 'globex', gen_random_uuid(), 'person', 'Globex' || g from generate_series(1, 3000) g`.execute(
    server.db.kysely,
  );
  await sql`analyze address_book.contacts`.execute(server.db.kysely);
}, 120_000);
afterAll(() => server?.close());

type Answer = {
  data: Record<string, unknown>[];
  total?: number;
  totalEstimated?: boolean;
  pageInfo?: { hasNextPage: boolean; hasPreviousPage: boolean };
};

async function list(params: string, headers = admin, path = 'address-book/api/contacts'): Promise<Answer> {
  const res = await server.app.inject({ url: `/${path}?${params}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Answer;
}

const companies = 'filters[0][field]=kind&filters[0][operator]=eq&filters[0][value]=company';

describe('totals', () => {
  it('exact within the bound past the page, on every page', async () => {
    const first = await list(`${companies}&pageSize=25`);
    expect(first).toMatchObject({ total: COMPANIES });
    expect(first).not.toHaveProperty('totalEstimated');
    const middle = await list(`${companies}&pageSize=25&page=3`);
    expect(middle.total).toBe(COMPANIES);
    expect(middle.data).toHaveLength(25);
    // The last page is full (260 = 10 × 26): no row after it, so it tells the total by itself.
    const last = await list(`${companies}&pageSize=26&page=9`);
    expect(last.data).toHaveLength(26);
    expect(last.total).toBe(COMPANIES);
  });

  it("beyond the bound the planner's estimate, flagged, never below what was counted", async () => {
    const page = await list('pageSize=25');
    expect(page.totalEstimated).toBe(true);
    expect(page.total).toBeGreaterThanOrEqual(25 + 1000);
    // An estimate, but of this tenant's rows: globex's 3000 do not make acme's 1300 look like 4300.
    expect(page.total).toBeLessThan(3000);
    expect(page.data).toHaveLength(25);
    // Deep enough that the bound covers the rest: exact again.
    const deep = await list('pageSize=100&page=3');
    expect(deep).toMatchObject({ total: ACME });
    expect(deep).not.toHaveProperty('totalEstimated');
  });

  it('options[total]=exact counts every match', async () => {
    const page = await list('pageSize=25&options[total]=exact');
    expect(page.total).toBe(ACME);
    expect(page).not.toHaveProperty('totalEstimated');
  });

  it('options[total]=none answers pageInfo instead of a total', async () => {
    const first = await list('pageSize=25&options[total]=none');
    expect(first).not.toHaveProperty('total');
    expect(first.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    expect(first.data).toHaveLength(25);
    const last = await list(`${companies}&pageSize=26&page=9&options[total]=none`);
    expect(last.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
    expect(last.data).toHaveLength(26);
  });

  it('a page past the end is empty, with the exact total', async () => {
    for (const mode of ['estimate', 'exact'])
      expect(await list(`${companies}&pageSize=25&page=40&options[total]=${mode}`)).toEqual({
        data: [],
        total: COMPANIES,
      });
    const none = await list(`${companies}&pageSize=25&page=40&options[total]=none`);
    expect(none).toEqual({ data: [], pageInfo: { hasNextPage: false, hasPreviousPage: true } });
  });

  it('pages follow each other without gaps or repeats, whatever the total says', async () => {
    const seen = new Set<unknown>();
    for (let page = 0; page < 3; page++)
      for (const row of (await list(`pageSize=100&page=${page}`)).data) seen.add(row.id);
    expect(seen.size).toBe(300);
  });

  it('an unknown total mode is a 400 naming it', async () => {
    const res = await server.app.inject({ url: '/address-book/api/contacts?options[total]=maybe', headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['options[total]']);
  });
});

describe('options[fields]', () => {
  it('answers only the fields asked for, and id', async () => {
    const page = await list(`${companies}&pageSize=2&options[fields]=companyName,lastName`);
    expect(page.total).toBe(COMPANIES);
    for (const row of page.data) expect(Object.keys(row).sort()).toEqual(['companyName', 'id', 'lastName']);
    const ids = page.data.map((row) => row.id as string);
    const byIds = ids.map((id, i) => `filters[0][value][${i}]=${id}`).join('&');
    const got = await list(`filters[0][field]=id&filters[0][operator]=in&${byIds}&options[fields]=companyName`);
    expect(got.data.map((row) => Object.keys(row).sort())).toEqual([
      ['companyName', 'id'],
      ['companyName', 'id'],
    ]);
    expect(got.total).toBe(2);
  });

  it('refuses an unknown or write-only field, naming the parameter', async () => {
    for (const url of [
      '/address-book/api/contacts?options[fields]=nope',
      '/address-book/api/contacts?options[fields]=lastName,,firstName',
      '/oauth2/api/users?options[fields]=password',
    ]) {
      const res = await server.app.inject({ url, headers: admin });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['options[fields]']);
    }
  });

  // Last: the wfm world adds records of its own.
  it('leaves out a private field the caller may not read, except on their own record', async () => {
    const w = await buildWfmWorld(server);
    const url = '/wfm/api/technicians?options[fields]=lastName,taxCode&pageSize=100';
    const mine = (await list(url.split('?')[1], w.tecnicoAuth, 'wfm/api/technicians')).data;
    expect(mine.map((row) => row.id).sort()).toEqual([w.tecnico.id, w.other.id].sort());
    for (const row of mine) {
      // Their own record whole (its owner field, userId, was read to tell, and is not answered).
      expect(Object.keys(row).sort()).toEqual(
        row.id === w.tecnico.id ? ['id', 'lastName', 'taxCode'] : ['id', 'lastName'],
      );
    }
    const all = (await list(url.split('?')[1], admin, 'wfm/api/technicians')).data;
    for (const row of all) expect(Object.keys(row).sort()).toEqual(['id', 'lastName', 'taxCode']);
  });
});

describe('a list that shrank while its estimate was cached', () => {
  it('is counted exactly again: the estimate only says the list is long, the count decides', async () => {
    const before = await list('pageSize=25');
    expect(before.totalEstimated).toBe(true);
    // Planned as long a moment ago; now 500 rows, well within the bound.
    await sql`delete from address_book.contacts where tenant_id = 'acme' and last_name > 'Surname00500'`.execute(
      server.db.kysely,
    );
    const after = await list('pageSize=25');
    expect(after).toMatchObject({ total: 500 });
    expect(after).not.toHaveProperty('totalEstimated');
    expect(after.data).toHaveLength(25);
  });
});
