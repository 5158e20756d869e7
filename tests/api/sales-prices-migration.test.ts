import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitions } from '../../resources';
import { migrate } from '../../server/db/migrate';
import { startTestServer, type TestServer } from './helpers';
import { customerBody } from './sales-quotes-fixture';

let server: TestServer;
let admin: { authorization: string };
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
});
afterAll(() => server?.close());

const get = (path: string) => server.app.inject({ url: `/sales/api/${path}`, headers: admin });
const create = async (path: string, body: Record<string, unknown>) => {
  const res = await server.app.inject({ method: 'POST', url: `/sales/api/${path}`, headers: admin, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Record<string, unknown> & { id: string };
};

describe('migration 0008: price lists from the names products and customers used', () => {
  it('makes a list per name and rewrites the references to its id, keeping the prices', async () => {
    // The test tenant has no demo catalogue: a product and a customer of its own, rewritten below to the old shape.
    const vat = (await get('vat-rates?filters[0][field]=code&filters[0][operator]=eq&filters[0][value]=22')).json()
      .data[0];
    const list =
      (await get('price-lists?pageSize=1')).json().data[0] ?? (await create('price-lists', { name: 'Base' }));
    const product = await create('products', {
      code: 'MIG-01',
      name: 'Prodotto da migrare',
      type: 'service',
      uom: 'pz',
      vatRateId: vat.id,
      prices: [{ priceListId: list.id, unitPrice: '1.00', validFrom: '2026-01-01' }],
    });
    const customer = await create('customers', customerBody());
    await server.db.kysely.transaction().execute(async (trx) => {
      await sql`select set_config('app.tenant', 'acme', true)`.execute(trx);
      await sql.raw('alter table sales.customers add column if not exists price_list text').execute(trx);
      const old = JSON.stringify([
        { priceList: 'Vecchio listino', unitPrice: '7.25000000', validFrom: '2026-01-01' },
        { priceList: 'VECCHIO LISTINO', unitPrice: '6.00000000', validFrom: '2026-01-01', minQuantity: '10' },
      ]);
      await sql`update sales.products set prices = ${old}::jsonb where id = ${product.id}`.execute(trx);
      await sql`update sales.customers set price_list = 'vecchio listino', price_list_id = null where id = ${customer.id}`.execute(
        trx,
      );
      await sql`delete from public.migrations where id = '0008-price-lists-as-records'`.execute(trx);
    });
    await migrate(server.db.kysely, definitions);
    const lists = (await get('price-lists?pageSize=50')).json().data as Record<string, unknown>[];
    const made = lists.filter((l) => String(l.name).toLowerCase() === 'vecchio listino');
    expect(made).toHaveLength(1);
    expect(lists.filter((l) => l.isDefault === true)).toHaveLength(1);
    const prices = (await get(`products/${product.id}`)).json().data.prices as Record<string, unknown>[];
    expect(prices.map((p) => [p.priceListId, p.unitPrice, p.priceList])).toEqual([
      [made[0]!.id, '7.25000000', undefined],
      [made[0]!.id, '6.00000000', undefined],
    ]);
    expect((await get(`customers/${customer.id}`)).json().data.priceListId).toBe(made[0]!.id);
  });
});
