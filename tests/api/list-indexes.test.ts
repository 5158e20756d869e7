import { createHash } from 'node:crypto';
import { CompiledQuery, sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, resources } from '../../resources/index';
import { migrate } from '../../server/db/migrate';
import { enterTenant } from '../../server/db/tenancy';
import { checkListQuery, type RawListQuery } from '../../server/records/list-query';
import { listQueries } from '../../server/records/sql';
import { kindSamples } from '../fixtures/kind-samples';
import { startTestServer, type TestServer } from './helpers';

/*
 * The derived indexes serve the list queries the engine builds (docs/architecture.md#derived-indexes), under
 * row-level security as a request runs them, and the derived DDL runs only when it changed
 * (docs/architecture.md#skipping-unchanged-ddl). Runs on PGlite, or on PostgreSQL with DATABASE_URL.
 */
let server: TestServer;
let admin: { authorization: string };
const ROWS = 20_000;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
  // Enough rows, in two tenants, that the planner prefers an index to reading the table.
  await sql`insert into address_book.contacts (tenant_id, id, kind, first_name, last_name, company_name, email, phone)
    select case when g % 2 = 0 then 'acme' else 'globex' end, gen_random_uuid(), 'person',
      'Name' || g, 'Surname' || lpad(g::text, 5, '0'), case when g % 10 = 0 then 'Company ' || md5(g::text) end,
      'person' || g || '@example.com', '+39' || (3000000000 + g)
    from generate_series(1, ${ROWS}) g`.execute(server.db.kysely);
  await sql`analyze address_book.contacts`.execute(server.db.kysely);
}, 120_000);
afterAll(() => server?.close());

/**
 * The engine's own page query for `raw` and its plan, planned as a request runs it: one tenant, as the
 * application role (row-level security applies).
 */
async function plan(raw: Partial<RawListQuery>): Promise<string> {
  const { query, issues } = checkListQuery(contacts, { filters: [], ...raw });
  expect(issues).toEqual([]);
  return server.db.kysely.transaction().execute(async (trx) => {
    await enterTenant(trx as unknown as Transaction<never>, 'acme');
    const compiled = listQueries(trx, contacts, 'acme', query!).page.compile();
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
    );
    return `${compiled.sql}\n${result.rows.map((row) => row['QUERY PLAN']).join('\n')}`;
  });
}

describe('list queries read the derived indexes', () => {
  it('an eq filter on a declared filter field', async () => {
    const text = await plan({ filters: [{ field: 'email', operator: 'eq', value: 'person42@example.com' }] });
    expect(text).toMatch(/Index Scan using contacts_tenant_email_idx|Bitmap Index Scan on contacts_tenant_email_idx/);
  });

  it('the default sort and its reverse, without sorting', async () => {
    const ascending = await plan({});
    expect(ascending).toContain('Index Scan using contacts_sort_last_name_asc');
    expect(ascending).not.toMatch(/\bSort\b/);
    const descending = await plan({ sortBy: 'lastName', sortDirection: 'desc' });
    expect(descending).toContain('Index Scan using contacts_sort_last_name_desc');
    expect(descending).not.toMatch(/\bSort\b/);
  });

  it('newest first (createdAt desc), which is not the default sort, without sorting', async () => {
    const newest = await plan({ sortBy: 'createdAt', sortDirection: 'desc' });
    expect(newest).toContain('Index Scan using contacts_sort_created_at_desc');
    expect(newest).not.toMatch(/\bSort\b/);
  });

  it('q goes through the search function, whose query reads the trigram index', async () => {
    // A fragment of one company's name (row 1230, acme's): selective, as typed searches are.
    const fragment = createHash('md5').update('1230').digest('hex').slice(4, 14);
    const text = await plan({ filters: [{ field: 'q', operator: 'contains', value: fragment }] });
    expect(text).toContain('"address_book"."contacts_search"(');
    expect(text).toMatch(/Index Scan on contacts_pkey|Index Scan using contacts_pkey/);
    expect(text).not.toMatch(/Seq Scan on contacts/);
    // The function's own query, planned as its owner runs it (the owner is not held to the policy here).
    const inner = await server.db.kysely.transaction().execute(async (trx) => {
      await sql`select set_config('app.tenant', 'acme', true)`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain select id from address_book.contacts
        where tenant_id = current_setting('app.tenant', true)
          and (coalesce(first_name, '') || E'\\x1f' || coalesce(last_name, '') || E'\\x1f' || coalesce(company_name, '')
            || E'\\x1f' || coalesce(email, '') || E'\\x1f' || coalesce(phone, '') || E'\\x1f' || coalesce(mobile, ''))
          ilike ${`%${fragment}%`}`.execute(trx);
    });
    expect(inner.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('contacts_search_trgm');
    const found = await server.app.inject({
      url: `/address-book/api/contacts?filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=${fragment.toUpperCase()}`,
      headers: admin,
    });
    expect(found.json().data.map((c: { lastName: string }) => c.lastName)).toEqual(['Surname01230']);
  });

  it('search answers what it did: case-insensitive, per column, % and _ literal, one tenant only', async () => {
    const search = async (q: string) => {
      const res = await server.app.inject({
        url: `/address-book/api/contacts?filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=${encodeURIComponent(q)}&pageSize=100`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { data: { lastName: string }[]; total: number };
    };
    const one = await search('SURNAME01234');
    expect(one.data.map((c) => c.lastName)).toEqual(['Surname01234']);
    // g = 1234 is odd: globex's. Acme's own row for 01236 is found.
    expect((await search('surname01236')).total).toBe(1);
    expect((await search('surname_1236')).total).toBe(0);
    expect((await search('surname%')).total).toBe(0);
    // "Name1" ends the first name and "Surname" starts the last name: no match across the columns.
    expect((await search('name2\u001fsurname')).total).toBe(0);
    expect((await search('2Surname')).total).toBe(0);
  });
});

describe('the derived DDL runs only when it changed', () => {
  it('a restart on the same database skips it; other definitions run it again', async () => {
    const again = await migrate(server.db.kysely, resources);
    expect(again.derivedStatements).toBe(0);
    const changed = await migrate(server.db.kysely, [...resources, kindSamples]);
    expect(changed.derivedStatements).toBeGreaterThan(100);
    expect(changed.schemaHash).not.toBe(again.schemaHash);
    const stored = await sql<{ hash: string }>`select hash from public.schema_state`.execute(server.db.kysely);
    expect(stored.rows).toEqual([{ hash: changed.schemaHash }]);
    expect((await migrate(server.db.kysely, [...resources, kindSamples])).derivedStatements).toBe(0);
    // The new definition's table exists: the statements really ran.
    const table = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
      where table_name = ${kindSamples.table}`.execute(server.db.kysely);
    expect(table.rows[0].n).toBe(1);
  }, 120_000);
});
