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

const JSON_HEADERS = { 'content-type': 'application/json' };
type Auth = { authorization: string };

function post(path: string, body: unknown, as: Auth = admin, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: `/sales/api/${path}`,
    payload: JSON.stringify(body),
    headers: { ...as, ...JSON_HEADERS, ...headers },
  });
}

const get = (path: string, as: Auth = admin) => server.app.inject({ url: `/sales/api/${path}`, headers: as });

/** The paths a 400 names, and its status. */
async function refused(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(400);
  return (res.json().errors as { path: string; key: string; message: string }[]).map((e) => e.path).sort();
}

const milan = { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' };
const company = {
  kind: 'company',
  legalName: 'Hotel Bellavista S.r.l.',
  vatCountry: 'IT',
  vatNumber: 'IT 00743110157',
  taxCode: '00743110157',
  sdiCode: 'm5uxcr1',
  vatRegime: 'standard',
  billingAddress: milan,
};

describe('sales settings seeded for every tenant', () => {
  it('has the VAT rates of docs/domain.md#money-lines-and-vat, payment terms, price lists and numbering series', async () => {
    const rates = (await get('vat-rates?pageSize=50')).json();
    const codes = rates.data.map((r: { code: string }) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['22', '10', '5', '4', '0-N3.5', '0-N4', '0-N6.7', '0-N2.2', '0-N1']));
    const n67 = rates.data.find((r: { code: string }) => r.code === '0-N6.7');
    expect(n67).toMatchObject({ rate: '0.00', nature: 'N6.7', exigibility: 'I' });
    const terms = (await get('payment-terms?pageSize=50')).json().data.map((t: { name: string }) => t.name);
    expect(terms).toEqual(expect.arrayContaining(['Rimessa diretta', '30 gg DF', '30/60 gg DF FM', 'RiBa 60 gg FM']));
    const lists = (await get('price-lists')).json().data.map((l: { name: string }) => l.name);
    expect(lists).toEqual(expect.arrayContaining(['Listino base', 'Installatori']));
    const series = (await get('numbering-series?pageSize=50')).json().data;
    expect(series.map((s: { documentKind: string }) => s.documentKind)).toEqual(
      expect.arrayContaining(['quote', 'proforma', 'invoice', 'workReport', 'customer']),
    );
  });
});

describe('VAT rates, payment terms and numbering series', () => {
  it('a 0% rate needs its nature and legal reference; a positive one has neither', async () => {
    expect(await refused(await post('vat-rates', { code: 'Z1', rate: '0', exigibility: 'I' }))).toEqual(['nature']);
    expect(await refused(await post('vat-rates', { code: 'Z2', rate: '0', nature: 'N4', exigibility: 'I' }))).toEqual([
      'normativeReference',
    ]);
    expect(
      await refused(
        await post('vat-rates', { code: 'Z3', rate: '22', nature: 'N4', normativeReference: 'x', exigibility: 'I' }),
      ),
    ).toEqual(['nature']);
    const ok = await post('vat-rates', {
      code: 'Z4',
      rate: '0',
      nature: 'N3.1',
      normativeReference: 'Art. 8 DPR 633/72',
      exigibility: 'I',
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('instalments add up to 100%', async () => {
    const res = await post('payment-terms', {
      name: '30/60/90',
      installments: [
        { percent: '33.33', days: 30 },
        { percent: '33.33', days: 60 },
        { percent: '33.33', days: 90 },
      ],
    });
    expect(await refused(res)).toEqual(['installments']);
    expect(res.json().errors[0].message).toContain('99.99');
  });

  it('a series format names the number once; its code is unique per document kind', async () => {
    const bad = await post('numbering-series', { documentKind: 'quote', code: 'X', format: 'Q/{year}', nextNumber: 1 });
    expect(await refused(bad)).toEqual(['format']);
    const again = await post('numbering-series', {
      documentKind: 'quote',
      code: 'q',
      format: 'Q/{number}',
      nextNumber: 1,
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().errors[0].path).toBe('code');
    const other = await post('numbering-series', {
      documentKind: 'contract',
      code: 'Q',
      format: 'Q{number:000}',
      nextNumber: 1,
    });
    expect(other.statusCode, other.body).toBe(201);
  });
});

describe('customers', () => {
  it('creates a company with a code from the customer series and the VAT number without its prefix', async () => {
    const res = await post('customers', company);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      code: 'C00001',
      vatNumber: '00743110157',
      sdiCode: 'M5UXCR1',
      blocked: false,
    });
    const second = await post('customers', { ...company, legalName: 'Hotel Bellavista Due S.r.l.' });
    expect(second.json().data.code).toBe('C00002');
    // A code typed by hand is kept, and the series skips it.
    const typed = await post('customers', { ...company, code: 'C00003', legalName: 'Terzo S.r.l.' });
    expect(typed.json().data.code).toBe('C00003');
    const fourth = await post('customers', { ...company, legalName: 'Quarto S.r.l.' });
    expect(fourth.json().data.code).toBe('C00004');
  });

  it('checks the Italian VAT number and what each kind requires', async () => {
    expect(await refused(await post('customers', { ...company, vatNumber: '12345678901' }))).toEqual(['vatNumber']);
    expect(await refused(await post('customers', { ...company, vatNumber: null, taxCode: null }))).toEqual([
      'taxCode',
      'vatNumber',
    ]);
    const individual = { ...company, kind: 'individual', legalName: null, vatNumber: null, taxCode: '00743110157' };
    expect(await refused(await post('customers', individual))).toEqual(['firstName', 'lastName', 'taxCode']);
    const person = { ...individual, firstName: 'Mario', lastName: 'Rossi', taxCode: 'RSSMRA85T10A562S' };
    expect((await post('customers', person)).statusCode).toBe(201);
  });

  it('SDI codes: 6 characters for a public administration, XXXXXXX abroad', async () => {
    const pa = { ...company, kind: 'publicAdministration', legalName: 'Comune di Sesto', vatRegime: 'splitPayment' };
    const res = await post('customers', pa, admin, { 'accept-language': 'it' });
    expect(await refused(res)).toEqual(['sdiCode']);
    expect(res.json().errors[0].message).toContain('6 caratteri');
    expect((await post('customers', { ...pa, sdiCode: 'UF7QKZ', cig: 'Z1234567890' })).statusCode).toBe(201);
    expect(await refused(await post('customers', { ...company, cig: 'Z1234567890' }))).toEqual(['cig']);
    const foreign = {
      ...company,
      kind: 'foreign',
      legalName: 'Alpenhotel GmbH',
      vatCountry: 'AT',
      vatNumber: 'U73524829',
      taxCode: null,
      billingAddress: { street: 'Hauptplatz', zip: '6020', city: 'Innsbruck', country: 'AT' },
    };
    expect(await refused(await post('customers', foreign))).toEqual(['sdiCode']);
    expect(await refused(await post('customers', { ...foreign, sdiCode: 'XXXXXXX', vatCountry: 'IT' }))).toEqual([
      'vatCountry',
      'vatNumber',
    ]);
    expect((await post('customers', { ...foreign, sdiCode: 'XXXXXXX' })).statusCode).toBe(201);
  });

  it('payment methods need their bank details; a declaration of intent its data', async () => {
    expect(await refused(await post('customers', { ...company, paymentMethod: 'MP19' }))).toEqual(['customerIban']);
    expect(await refused(await post('customers', { ...company, paymentMethod: 'MP12', bankAbi: '3069' }))).toEqual([
      'bankAbi',
      'bankCab',
    ]);
    const riba = { ...company, legalName: 'RiBa S.r.l.', paymentMethod: 'MP12', bankAbi: '03069', bankCab: '01600' };
    expect((await post('customers', riba)).statusCode).toBe(201);
    expect(await refused(await post('customers', { ...company, vatRegime: 'declarationOfIntent' }))).toEqual([
      'declarationAmountCeiling',
      'declarationDate',
      'declarationFromDate',
      'declarationProtocolNumber',
      'declarationToDate',
    ]);
  });

  it('refuses references to records the tenant does not have', async () => {
    const theirs = (await get('payment-terms', globex)).json().data[0].id;
    expect(await refused(await post('customers', { ...company, paymentTermId: theirs }))).toEqual(['paymentTermId']);
    const missing = await post('customers', { ...company, defaultVatRateId: '00000000-0000-4000-8000-000000000000' });
    expect(await refused(missing)).toEqual(['defaultVatRateId']);
    expect(missing.json().errors[0].key).toBe('validation.reference');
  });

  it('is written by administrators only; technicians read those of their jobs, regular users none', async () => {
    const utente = await server.auth('acme', 'utente');
    expect((await get('customers', utente)).statusCode).toBe(403);
    expect((await post('customers', company, utente)).statusCode).toBe(403);
    // A technician lists within their scope (tests/api/wfm-technician-scope.test.ts): here, no job, no customer.
    const tecnico = await server.auth('acme', 'tecnico');
    const listed = await get('customers', tecnico);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().total).toBe(0);
    expect((await post('customers', company, tecnico)).statusCode).toBe(403);
  });
});

describe('sites', () => {
  let mine: string;
  let other: string;
  beforeAll(async () => {
    mine = (await post('customers', { ...company, legalName: 'Sedi S.r.l.' })).json().data.id;
    other = (await post('customers', { ...company, legalName: 'Altri S.r.l.' })).json().data.id;
  });
  const site = (customerId: string, code: string, extra: Record<string, unknown> = {}) =>
    post('sites', { customerId, code, name: `Sede ${code}`, address: milan, ...extra });

  it('a code is unique among the sites of one customer', async () => {
    expect((await site(mine, 'S01')).statusCode).toBe(201);
    const twice = await site(mine, 's01');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0].path).toBe('code');
    expect((await site(other, 'S01')).statusCode).toBe(201);
  });

  it('a parent site is of the same customer, and never below the site itself', async () => {
    const building = (await site(mine, 'B1')).json().data;
    const floor = (await site(mine, 'B1-F2', { parentSiteId: building.id })).json().data;
    expect(floor.parentSiteId).toBe(building.id);
    const res = await site(other, 'X1', { parentSiteId: building.id });
    expect(await refused(res)).toEqual(['parentSiteId']);
    expect(res.json().errors[0].key).toBe('validation.sales.sameCustomer');
    const cycle = await post(`sites/${building.id}`, { version: building.version, parentSiteId: floor.id });
    expect(await refused(cycle)).toEqual(['parentSiteId']);
    expect(cycle.json().errors[0].key).toBe('validation.sales.siteCycle');
    const moved = await post(`sites/${building.id}`, { version: building.version, customerId: other });
    expect(await refused(moved)).toEqual(['customerId']);
  });
});

describe('suppliers and products', () => {
  it('a supplier gets a code from the supplier series', async () => {
    const res = await post('suppliers', { legalName: 'Frigoveneta S.r.l.', vatNumber: '00743110157', address: milan });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.code).toBe('F00001');
  });

  it('prices: at least one, valid intervals that do not overlap', async () => {
    const vat = (await get('vat-rates?filters[0][field]=rate&filters[0][operator]=eq&filters[0][value]=22')).json()
      .data[0];
    const product = { code: 'FIL-1', name: 'Filtro', type: 'goods', uom: 'pz', vatRateId: vat.id };
    expect(await refused(await post('products', { ...product, prices: [] }))).toEqual(['prices']);
    const list = (await get('price-lists')).json().data[0];
    const price = { priceListId: list.id, unitPrice: '10.50', validFrom: '2026-01-01' };
    expect(
      await refused(await post('products', { ...product, prices: [{ ...price, validTo: '2025-12-31' }] })),
    ).toEqual(['prices.0.validTo']);
    expect(
      await refused(
        await post('products', {
          ...product,
          prices: [
            { ...price, validTo: '2026-06-30' },
            { ...price, validFrom: '2026-06-01' },
          ],
        }),
      ),
    ).toEqual(['prices.1.validFrom']);
    const ok = await post('products', {
      ...product,
      prices: [
        { ...price, validTo: '2026-06-30' },
        { ...price, validFrom: '2026-07-01' },
        { ...price, minQuantity: '10' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.prices[0]).toMatchObject({ currency: 'EUR', unitPrice: '10.50000000' });
  });

  it('refrigerants by the kilogram with their gas; only goods kept in stock', async () => {
    const vat = (await get('vat-rates')).json().data[0];
    const list = (await get('price-lists')).json().data[0];
    const base = {
      code: 'X',
      name: 'X',
      vatRateId: vat.id,
      prices: [{ priceListId: list.id, unitPrice: '1', validFrom: '2026-01-01' }],
    };
    expect(await refused(await post('products', { ...base, type: 'refrigerant', uom: 'pz' }))).toEqual([
      'refrigerantCode',
      'uom',
    ]);
    expect(await refused(await post('products', { ...base, type: 'labour', uom: 'h', stockTracked: true }))).toEqual([
      'stockTracked',
    ]);
    expect(await refused(await post('products', { ...base, type: 'goods', uom: 'pz', stockTracked: true }))).toEqual([
      'warehouseItemId',
    ]);
  });
});
