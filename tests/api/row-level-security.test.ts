import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/tenancy';
import { startTestServer, type TestServer } from './helpers';

// The data layer scopes every query by tenant; row-level security must hold even when it does not.
describe('row-level security', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seedContacts: 3 });
  });
  afterAll(() => server?.close());

  it('a query without a tenant condition sees only the tenant of its transaction', async () => {
    const count = (tenant: string) =>
      withTenant(server.db.kysely, tenant, async (trx) => {
        const { rows } = await sql<{ tenantId: string; n: string }>`
          select tenant_id, count(*) as n from address_book.contacts group by tenant_id`.execute(trx);
        return rows;
      });
    expect(await count('acme')).toEqual([{ tenantId: 'acme', n: '3' }]);
    expect(await count('globex')).toEqual([{ tenantId: 'globex', n: '3' }]);
    expect(await count('nobody')).toEqual([]);
  });

  it('refuses to write a row for another tenant', async () => {
    const attempt = withTenant(server.db.kysely, 'acme', (trx) =>
      sql`insert into address_book.contacts (tenant_id, id, kind) values ('globex', gen_random_uuid(), 'person')`.execute(
        trx,
      ),
    );
    await expect(attempt).rejects.toThrow(/row-level security/);
  });

  it('users of another tenant are invisible too', async () => {
    const users = await withTenant(server.db.kysely, 'globex', async (trx) => {
      const { rows } = await sql<{ tenantId: string }>`select distinct tenant_id from oauth2.users`.execute(trx);
      return rows.map((r) => r.tenantId);
    });
    expect(users).toEqual(['globex']);
  });
});
