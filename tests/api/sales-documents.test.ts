import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let admin: { authorization: string };
let customerId: string;
let otherCustomerId: string;
let siteId: string;
let invoiceSeriesId: string;
let quoteSeriesId: string;

const JSON_HEADERS = { 'content-type': 'application/json' };
/** Numbered documents are dated this year: a series that has reached a year refuses earlier ones. */
const Y = new Date().getFullYear();
const milan = { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' };

function post(path: string, body: unknown) {
  return server.app.inject({
    method: 'POST',
    url: `/sales/api/${path}`,
    payload: JSON.stringify(body),
    headers: { ...admin, ...JSON_HEADERS },
  });
}

const get = (path: string) => server.app.inject({ url: `/sales/api/${path}`, headers: admin });

async function created(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function refused(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(400);
  return (res.json().errors as { path: string }[]).map((e) => e.path).sort();
}

const seriesOf = async (kind: string) =>
  (
    await get(`numbering-series?filters[0][field]=documentKind&filters[0][operator]=eq&filters[0][value]=${kind}`)
  ).json().data[0];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
  const customer = {
    kind: 'company',
    legalName: 'Supermercati Alfa S.p.A.',
    vatCountry: 'IT',
    vatNumber: '00743110157',
    taxCode: '00743110157',
    sdiCode: '0000000',
    vatRegime: 'standard',
    billingAddress: milan,
  };
  customerId = (await created(await post('customers', customer))).id;
  otherCustomerId = (await created(await post('customers', { ...customer, legalName: 'Altro S.r.l.' }))).id;
  siteId = (await created(await post('sites', { customerId, code: 'S01', name: 'Punto vendita', address: milan }))).id;
  invoiceSeriesId = (await seriesOf('invoice')).id;
  quoteSeriesId = (await seriesOf('quote')).id;
});
afterAll(() => server?.close());

const line = (extra: Record<string, unknown> = {}) => ({
  description: 'Manutenzione split',
  quantity: '1',
  unitPrice: '100',
  vatRate: '22',
  ...extra,
});

const quote = (extra: Record<string, unknown> = {}) => ({
  date: `${Y}-03-02`,
  validUntil: `${Y}-04-01`,
  customerId,
  lines: [line()],
  ...extra,
});

describe('sales documents', () => {
  it('computes line totals and rounds VAT once per rate, not per line', async () => {
    const data = await created(
      await post(
        'quotes',
        quote({
          lines: [
            line({ quantity: '2', unitPrice: '100', discountPercent: '10' }),
            // Three lines of 0.10 at 22%: 0.066 of VAT rounds to 0.07 (per line it would be 3 × 0.02).
            line({ unitPrice: '0.10' }),
            line({ unitPrice: '0.10' }),
            line({ unitPrice: '0.10' }),
            line({ quantity: '3', unitPrice: '33.333', vatRate: '10' }),
          ],
        }),
      ),
    );
    expect(data.lines.map((l: { lineTotal: string }) => l.lineTotal)).toEqual([
      '180.00',
      '0.10',
      '0.10',
      '0.10',
      '100.00',
    ]);
    expect(data.lines.map((l: { lineNo: number }) => l.lineNo)).toEqual([1, 2, 3, 4, 5]);
    // 22%: 180.30 → 39.666 → 39.67; 10%: 100.00 → 10.00.
    expect(data).toMatchObject({ totalTaxable: '280.30', totalVat: '49.67', totalDocument: '329.97', status: 'draft' });
  });

  it('numbers quotes and proformas from their series on creation, in order', async () => {
    const year = Y;
    const date = `${year}-01-15`;
    const first = await created(await post('quotes', quote({ date, validUntil: `${year}-02-15` })));
    const second = await created(await post('quotes', quote({ date, validUntil: `${year}-02-15` })));
    const a = Number(first.number.split('/')[2]);
    expect(first.number).toMatch(new RegExp(`^Q/${year}/\\d{4}$`));
    expect(second.number).toBe(`Q/${year}/${String(a + 1).padStart(4, '0')}`);
    // A quote dated in a year the series has already left cannot be numbered.
    const late = await post('quotes', quote({ date: `${year - 1}-12-30`, validUntil: `${year}-01-30` }));
    expect(await refused(late)).toEqual(['date']);
    const proforma = await created(await post('proformas', { date, customerId, lines: [line()] }));
    expect(proforma.number).toMatch(new RegExp(`^PF/${year}/\\d{4}$`));
    const series = (await get(`numbering-series/${quoteSeriesId}`)).json().data;
    expect(series).toMatchObject({ year, nextNumber: a + 2 });
  });

  it('gives concurrent documents distinct, consecutive numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post('quotes', quote({ date: `${Y}-06-01`, validUntil: `${Y}-07-01` }))),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const numbers = results.map((r) => Number(r.json().data.number.split('/')[2])).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(5);
    expect(numbers[4] - numbers[0]).toBe(4);
  });

  it('VAT nature iff a 0% rate, and only configured VAT rates', async () => {
    expect(await refused(await post('quotes', quote({ lines: [line({ vatRate: '0' })] })))).toEqual([
      'lines.0.vatNature',
    ]);
    expect(await refused(await post('quotes', quote({ lines: [line({ vatNature: 'N4' })] })))).toEqual([
      'lines.0.vatNature',
    ]);
    const unknown = await post('quotes', quote({ lines: [line(), line({ vatRate: '21' })] }));
    expect(await refused(unknown)).toEqual(['lines.1.vatRate']);
    const exempt = await created(await post('quotes', quote({ lines: [line({ vatRate: '0', vatNature: 'N6.7' })] })));
    expect(exempt).toMatchObject({ totalVat: '0.00', totalDocument: '100.00' });
  });

  it('dates in order and linked records of the same customer', async () => {
    expect(await refused(await post('quotes', quote({ validUntil: `${Y}-03-01` })))).toEqual(['validUntil']);
    expect(await refused(await post('quotes', quote({ siteId, customerId: otherCustomerId })))).toEqual(['siteId']);
    expect(await created(await post('quotes', quote({ siteId })))).toMatchObject({ siteId });
    expect(
      await refused(
        await post('proformas', { date: `${Y}-03-02`, dueDate: `${Y}-03-01`, customerId, lines: [line()] }),
      ),
    ).toEqual(['dueDate']);
  });

  it('updates recompute totals; status is not writable', async () => {
    const data = await created(await post('quotes', quote()));
    const res = await post(`quotes/${data.id}`, { version: 1, lines: [...data.lines, line({ unitPrice: '50' })] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ totalTaxable: '150.00', totalVat: '33.00', totalDocument: '183.00' });
    expect(res.json().data.lines[1].lineNo).toBe(2);
    const status = await post(`quotes/${data.id}`, { version: 2, status: 'accepted' });
    expect(await refused(status)).toEqual(['status']);
  });
});

describe('invoices', () => {
  const invoice = (extra: Record<string, unknown> = {}) => ({
    documentType: 'TD01',
    seriesId: invoiceSeriesId,
    date: '2026-03-02',
    customerId,
    paymentConditions: 'TP01',
    lines: [line({ quantity: '2' })],
    ...extra,
  });

  it('a draft has no number yet; the stamp duty counts in the total; instalments pay it all', async () => {
    const dueDates = [
      { dueDate: '2026-04-30', amount: '100.00', method: 'MP05' },
      { dueDate: '2026-05-31', amount: '226.00', method: 'MP05' },
    ];
    // An exempt line above 77.47 euro: the hooks set the 2.00 stamp duty, charged to the customer.
    const exempt = line({ description: 'Corso di formazione', unitPrice: '80', vatRate: '0', vatNature: 'N4' });
    const lines = [line({ quantity: '2' }), exempt];
    const data = await created(await post('invoices', invoice({ lines, dueDates })));
    expect(data).toMatchObject({
      status: 'draft',
      sdiStatus: 'notSent',
      paymentStatus: 'unpaid',
      fullNumber: null,
      number: null,
      totalTaxable: '280.00',
      totalVat: '44.00',
      stampDuty: '2.00',
      totalDocument: '326.00',
    });
    const short = await post(
      'invoices',
      invoice({ dueDates: [{ dueDate: '2026-04-30', amount: '200.00', method: 'MP05' }] }),
    );
    expect(await refused(short)).toEqual(['dueDates']);
    const early = await post(
      'invoices',
      invoice({ dueDates: [{ dueDate: '2026-03-01', amount: '244.00', method: 'MP05' }] }),
    );
    expect(await refused(early)).toEqual(['dueDates.0.dueDate']);
  });

  it('credit notes name the invoices they correct; the series numbers invoices', async () => {
    expect(await refused(await post('invoices', invoice({ documentType: 'TD04' })))).toEqual(['relatedInvoiceIds']);
    const draft = await created(await post('invoices', invoice()));
    // A credit note corrects an issued invoice, not a draft.
    expect(
      await refused(await post('invoices', invoice({ documentType: 'TD04', relatedInvoiceIds: [draft.id] }))),
    ).toEqual(['relatedInvoiceIds']);
    const issue = await post(`invoices/${draft.id}/actions/issue`, { version: draft.version });
    expect(issue.statusCode, issue.body).toBe(200);
    const original = issue.json().data as typeof draft;
    expect(
      await created(await post('invoices', invoice({ documentType: 'TD04', relatedInvoiceIds: [original.id] }))),
    ).toMatchObject({ relatedInvoiceIds: [original.id] });
    const foreign = await post(
      'invoices',
      invoice({ documentType: 'TD04', customerId: otherCustomerId, relatedInvoiceIds: [original.id] }),
    );
    expect(await refused(foreign)).toEqual(['relatedInvoiceIds']);
    expect(await refused(await post('invoices', invoice({ seriesId: quoteSeriesId })))).toEqual(['seriesId']);
  });
});
