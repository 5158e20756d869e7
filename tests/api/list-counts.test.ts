import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COUNT_KEYS } from '../../resources/schema';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, paths } from './wfm-fixture';

/*
 * `POST /{service}/api/counts` (docs/wire-contract.md#counts): each count is the exact total the same list
 * answers the same caller, record scope, private fields and tenant included.
 */
let server: TestServer;
let http: ReturnType<typeof api>;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;

type Filter = { field: string; operator: string; value?: unknown };
const query = (filters: Filter[]) =>
  filters
    .flatMap((f, i) => {
      const parts = [`filters[${i}][field]=${f.field}`, `filters[${i}][operator]=${f.operator}`];
      if (Array.isArray(f.value))
        f.value.forEach((v, j) => parts.push(`filters[${i}][value][${j}]=${encodeURIComponent(String(v))}`));
      else if (f.value !== undefined) parts.push(`filters[${i}][value]=${encodeURIComponent(String(f.value))}`);
      return parts;
    })
    .join('&');

/** The total the list itself answers, counted exactly. */
async function listTotal(service: string, endpoint: string, filters: Filter[], headers: Record<string, string>) {
  const res = await http.get(`/${service}/api/${endpoint}?options[total]=exact&pageSize=1&${query(filters)}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { total: number }).total;
}

const counts = (service: string, headers: Record<string, string>, body: unknown) =>
  http.post(`/${service}/api/counts`, headers, body);

beforeAll(async () => {
  server = await startTestServer({ seedContacts: 30 });
  http = api(server);
  w = await buildWfmWorld(server);
  // Published to the demo technician, left a draft, and a colleague's: the technician's scope reads one.
  await w.activity([w.tecnico.id]);
  await w.activity([w.tecnico.id], {}, { publish: false });
  await w.activity([w.other.id]);
}, 120_000);
afterAll(() => server?.close());

describe('counts answer what the lists answer', () => {
  it("an administrator's counts equal the lists' totals, filters included", async () => {
    const company = [{ field: 'kind', operator: 'eq', value: 'company' }];
    const people = [{ field: 'kind', operator: 'in', value: ['person'] }];
    const res = await counts('address-book', w.admin, {
      counts: {
        all: { resource: 'address-book/contacts' },
        'kind:company': { resource: 'address-book/contacts', filters: company },
        people: { resource: 'address-book/contacts', filters: people },
        none: { resource: 'address-book/contacts', filters: [{ field: 'q', operator: 'contains', value: 'zzzzqqq' }] },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Record<string, number>;
    expect(data).toEqual({
      all: await listTotal('address-book', 'contacts', [], w.admin),
      'kind:company': await listTotal('address-book', 'contacts', company, w.admin),
      people: await listTotal('address-book', 'contacts', people, w.admin),
      none: 0,
    });
    expect(data.all).toBeGreaterThanOrEqual(30);
    expect(data['kind:company'] + data.people).toBe(data.all);
  });

  it("a technician's counts are narrowed by their record scope, as their lists are", async () => {
    const body = { counts: { activities: { resource: 'wfm/activities' }, machines: { resource: 'wfm/machines' } } };
    const mine = (await counts('wfm', w.tecnicoAuth, body)).json().data as Record<string, number>;
    const all = (await counts('wfm', w.admin, body)).json().data as Record<string, number>;
    expect(mine.activities).toBe(await listTotal('wfm', 'activities', [], w.tecnicoAuth));
    expect(all.activities).toBe(await listTotal('wfm', 'activities', [], w.admin));
    expect(mine.activities).toBe(1);
    expect(all.activities).toBe(3);
    expect(mine.machines).toBe(await listTotal('wfm', 'machines', [], w.tecnicoAuth));
  });

  it('a resource the caller may not list counts null; the others still count', async () => {
    const res = await counts('sales', w.tecnicoAuth, {
      counts: { invoices: { resource: 'sales/invoices' }, customers: { resource: 'sales/customers' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Record<string, number | null>;
    expect(data.invoices).toBeNull();
    expect(data.customers).toBe(await listTotal('sales', 'customers', [], w.tecnicoAuth));
  });

  it("another tenant's rows are never counted", async () => {
    const body = { counts: { all: { resource: 'address-book/contacts' } } };
    const before = (await counts('address-book', w.admin, body)).json().data.all as number;
    await sql`insert into address_book.contacts (tenant_id, id, kind, last_name)
      select 'globex', gen_random_uuid(), 'person', 'Globex ' || g from generate_series(1, 40) g`.execute(
      server.db.kysely,
    );
    expect((await counts('address-book', w.admin, body)).json().data.all).toBe(before);
    const globex = await server.auth('globex', 'admin');
    const theirs = (await counts('address-book', globex, body)).json().data.all as number;
    expect(theirs).toBe(await listTotal('address-book', 'contacts', [], globex));
    expect(theirs).toBeGreaterThanOrEqual(40);
  });
});

describe('bad input is a 400 naming the count', () => {
  const refused = async (body: unknown, headers = w.admin) => {
    const res = await counts('address-book', headers, body);
    expect(res.statusCode, res.body).toBe(400);
    return paths(res.body);
  };

  it('names the key of an unknown resource, field, operator or value', async () => {
    expect(await refused({ counts: { a: { resource: 'sales/invoices' } } })).toEqual(['counts.a.resource']);
    expect(await refused({ counts: { a: { resource: 'nope' } } })).toEqual(['counts.a.resource']);
    expect(
      await refused({
        counts: {
          a: { resource: 'address-book/contacts', filters: [{ field: 'nope', operator: 'eq', value: 'x' }] },
          b: { resource: 'address-book/contacts', filters: [{ field: 'kind', operator: 'eq', value: 'robot' }] },
          c: { resource: 'address-book/contacts', filters: [{ field: 'kind', operator: 'like', value: 'x' }] },
        },
      }),
    ).toEqual(['counts.a.filters[0][field]', 'counts.b.filters[0][value]', 'counts.c.filters[0][operator]']);
    expect(
      await refused({ counts: { a: { resource: 'address-book/contacts', filters: [{ field: 'kind', value: {} }] } } }),
    ).toEqual(['counts.a.filters[0][operator]', 'counts.a.filters[0][value]']);
  });

  it('refuses a body that is not counts, no counts, too many, or a bad key', async () => {
    expect(await refused([])).toEqual(['counts']);
    expect(await refused({ counts: [] })).toEqual(['counts']);
    expect(await refused({ counts: {} })).toEqual(['counts']);
    const many = Object.fromEntries(
      Array.from({ length: MAX_COUNT_KEYS + 1 }, (_, i) => [`k${i}`, { resource: 'address-book/contacts' }]),
    );
    expect(await refused({ counts: many })).toEqual(['counts']);
    expect(await refused({ counts: { 'a b': { resource: 'address-book/contacts' } } })).toEqual(['counts.a b']);
    expect(await refused({ counts: { a: { resource: 'address-book/contacts', filters: 'kind' } } })).toEqual([
      'counts.a.filters',
    ]);
  });

  it('without a token: 401', async () => {
    const res = await counts('address-book', {}, { counts: { a: { resource: 'address-book/contacts' } } });
    expect(res.statusCode).toBe(401);
  });
});
