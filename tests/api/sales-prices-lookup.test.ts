import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let admin: { authorization: string };
let globex: { authorization: string };
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
  globex = await server.auth('globex', 'admin');
});
afterAll(() => server?.close());

type Auth = { authorization: string };
const send = (method: 'POST', path: string, body: unknown, as: Auth = admin) =>
  server.app.inject({
    method,
    url: `/sales/api/${path}`,
    payload: JSON.stringify(body),
    headers: { ...as, 'content-type': 'application/json' },
  });
const get = (path: string, as: Auth = admin) => server.app.inject({ url: `/sales/api/${path}`, headers: as });
const lookup = (query: string, as: Auth = admin) => get(`prices/lookup?${query}`, as);

const milan = { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' };
const company = {
  kind: 'company',
  vatCountry: 'IT',
  vatNumber: 'IT 00743110157',
  taxCode: '00743110157',
  sdiCode: 'm5uxcr1',
  vatRegime: 'standard',
  billingAddress: milan,
};

async function created(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Record<string, string>;
}

describe('GET /sales/api/prices/lookup', () => {
  let product: Record<string, string>;
  let trade: Record<string, string>;
  let base: Record<string, string>;
  let promo: Record<string, string>;
  beforeAll(async () => {
    const lists = (await get('price-lists')).json().data as Record<string, string>[];
    base = lists.find((l) => l.name === 'Listino base')!;
    trade = lists.find((l) => l.name === 'Installatori')!;
    promo = await created(await send('POST', 'price-lists', { name: 'Promo' }));
    const vat = (await get('vat-rates?filters[0][field]=code&filters[0][operator]=eq&filters[0][value]=22')).json()
      .data[0];
    product = await created(
      await send('POST', 'products', {
        code: 'LKP-1', name: 'Filtro antipolline', type: 'goods', uom: 'pz', vatRateId: vat.id,
        prices: [
          { priceListId: base.id, unitPrice: '20', validFrom: '2026-01-01' },
          { priceListId: base.id, unitPrice: '18', validFrom: '2025-01-01', validTo: '2025-12-31' },
          { priceListId: base.id, unitPrice: '15', validFrom: '2026-01-01', minQuantity: '10' },
          { priceListId: trade.id, unitPrice: '12', validFrom: '2026-01-01' },
          { priceListId: promo.id, unitPrice: '9', validFrom: '2024-01-01', validTo: '2024-12-31' },
        ],
      }),
    ); // prettier-ignore
  });

  it("the customer's list and discount; the default list without a customer or a price in theirs", async () => {
    const installer = await created(
      await send('POST', 'customers', {
        ...company,
        legalName: 'Termo S.r.l.',
        priceListId: trade.id,
        discountPercent: '5',
      }),
    );
    const res = await lookup(`productId=${product.id}&customerId=${installer.id}&date=2026-03-01`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      productId: product.id, description: 'Filtro antipolline', uom: 'pz', vatRate: '22.00', vatNature: null,
      discountPercent: '5.00', priceListId: trade.id,
    }); // prettier-ignore
    expect(Number(res.json().data.unitPrice)).toBe(12);
    // Before the trade price existed: the default list's (last year's) price.
    const old = (await lookup(`productId=${product.id}&customerId=${installer.id}&date=2025-06-01`)).json().data;
    expect([Number(old.unitPrice), old.priceListId]).toEqual([18, base.id]);
    const none = (await lookup(`productId=${product.id}&date=2026-03-01`)).json().data;
    expect([Number(none.unitPrice), none.priceListId, none.discountPercent]).toEqual([20, base.id, null]);
    // Neither their list nor the default has a price then: any list that does.
    const any = (await lookup(`productId=${product.id}&customerId=${installer.id}&date=2024-06-01`)).json().data;
    expect([Number(any.unitPrice), any.priceListId]).toEqual([9, promo.id]);
  });

  it('the quantity price with the highest minimum quantity reached', async () => {
    const at = async (quantity: string) =>
      Number((await lookup(`productId=${product.id}&date=2026-03-01&quantity=${quantity}`)).json().data.unitPrice);
    expect([await at('9.999'), await at('10'), await at('50')]).toEqual([20, 15, 15]);
  });

  it("the customer's VAT regime forces a zero rate with its nature", async () => {
    const rc = await created(
      await send('POST', 'customers', { ...company, legalName: 'Edil RC S.r.l.', vatNumber: 'IT 01234567897', taxCode: '01234567897', vatRegime: 'reverseChargeN67' }),
    ); // prettier-ignore
    const data = (await lookup(`productId=${product.id}&customerId=${rc.id}&date=2026-03-01`)).json().data;
    expect([data.vatRate, data.vatNature]).toEqual(['0.00', 'N6.7']);
    // The same rule as the invoices the product generates: an exempt customer's lines are N4.
    const exempt = await created(
      await send('POST', 'customers', { ...company, legalName: 'Ente Esente S.r.l.', vatNumber: 'IT 07654321012', taxCode: '07654321012', vatRegime: 'exempt' }),
    ); // prettier-ignore
    const free = (await lookup(`productId=${product.id}&customerId=${exempt.id}&date=2026-03-01`)).json().data;
    expect([free.vatRate, free.vatNature]).toEqual(['0.00', 'N4']);
  });

  it('400 naming bad parameters, 404 for a product of another tenant', async () => {
    const bad = await lookup('productId=nope&date=2026-02-30&quantity=-1');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['date', 'productId', 'quantity']);
    expect((await lookup('date=2026-01-01')).statusCode).toBe(400);
    expect((await lookup(`productId=${product.id}&date=2026-01-01`, globex)).statusCode).toBe(404);
  });
});

describe('exactly one default price list', () => {
  it('setting one clears the others; the default cannot be unset or deleted', async () => {
    const fresh = await created(await send('POST', 'price-lists', { name: 'Nuovo', isDefault: true }));
    const lists = (await get('price-lists?pageSize=50')).json().data as Record<string, unknown>[];
    expect(lists.filter((l) => l.isDefault === true).map((l) => l.id)).toEqual([fresh.id]);
    const unset = await send('POST', `price-lists/${fresh.id}`, { version: fresh.version, isDefault: false });
    expect(unset.statusCode).toBe(400);
    const del = await server.app.inject({
      method: 'DELETE',
      url: `/sales/api/price-lists/${fresh.id}`,
      headers: admin,
    });
    expect(del.statusCode).toBe(409);
  });
});
