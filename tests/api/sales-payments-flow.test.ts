import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let admin: { authorization: string };
let globex: { authorization: string };
let customerId: string;
let termId: string;
let seriesId: string;

const JSON_HEADERS = { 'content-type': 'application/json' };
const Y = 2024; // a leap year in the past (no invoice is issued with a future date): February has 29 days
const milan = { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' };

const send = (method: 'POST' | 'DELETE', path: string, body?: unknown, who = admin) =>
  server.app.inject({
    method,
    url: `/sales/api/${path}`,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    headers: { ...who, ...(body === undefined ? {} : JSON_HEADERS) },
  });
const post = (path: string, body: unknown, who = admin) => send('POST', path, body, who);
const get = (path: string, who = admin) => server.app.inject({ url: `/sales/api/${path}`, headers: who });

async function created(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const instalmentsOf = async (invoiceId: string) =>
  (
    await get(
      `instalments?filters[0][field]=invoiceId&filters[0][operator]=eq&filters[0][value]=${invoiceId}&options[sortBy]=dueDate&options[sortDirection]=asc`,
    )
  ).json().data as { id: string; dueDate: string; amount: string; paidAmount: string; status: string }[];

/** A draft invoice of 100.01 + 22% VAT = 122.01, on the 30/60 end-of-month term unless said otherwise. */
async function draftInvoice(extra: Record<string, unknown> = {}) {
  return created(
    await post('invoices', {
      documentType: 'TD01',
      paymentConditions: 'TP02',
      seriesId,
      date: `${Y}-01-15`,
      customerId,
      lines: [{ description: 'Manutenzione', quantity: '1', unitPrice: '100.01', vatRate: '22' }],
      ...extra,
    }),
  );
}

async function issuedInvoice(extra: Record<string, unknown> = {}) {
  const draft = await draftInvoice(extra);
  const res = await post(`invoices/${draft.id}/actions/issue`, { version: draft.version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
  globex = await server.auth('globex', 'admin');
  termId = (
    await created(
      await post('payment-terms', {
        name: '30/60 gg DF FM (test)',
        paymentMethod: 'MP12',
        installments: [
          { percent: '50', days: 30, endOfMonth: true },
          { percent: '50', days: 60, endOfMonth: true },
        ],
      }),
    )
  ).id;
  customerId = (
    await created(
      await post('customers', {
        kind: 'company',
        legalName: 'Pagatori Lenti S.p.A.',
        vatCountry: 'IT',
        vatNumber: '00743110157',
        taxCode: '00743110157',
        sdiCode: '0000000',
        vatRegime: 'standard',
        billingAddress: milan,
        paymentTermId: termId,
      }),
    )
  ).id;
  seriesId = (
    await get('numbering-series?filters[0][field]=documentKind&filters[0][operator]=eq&filters[0][value]=invoice')
  ).json().data[0].id;
});
afterAll(() => server?.close());

describe('payments against issued invoices', () => {
  it("fills a new invoice's payment term from the customer and opens its instalments on issue", async () => {
    const draft = await draftInvoice();
    expect(draft).toMatchObject({ paymentTermId: termId, totalDocument: '122.01' });
    expect(draft.dueDates ?? []).toEqual([]);
    const invoice = await post(`invoices/${draft.id}/actions/issue`, { version: draft.version });
    expect(invoice.statusCode, invoice.body).toBe(200);
    // 30 and 60 days from 15 January, at the end of the month: 29 February (leap year) and 31 March.
    expect(invoice.json().data.dueDates).toMatchObject([
      { dueDate: `${Y}-02-29`, amount: '61.01', method: 'MP12', iban: null },
      { dueDate: `${Y}-03-31`, amount: '61.00', method: 'MP12', iban: null },
    ]);
    const rows = await instalmentsOf(draft.id);
    expect(rows.map((r) => [r.dueDate, r.amount, r.paidAmount, r.status])).toEqual([
      [`${Y}-02-29`, '61.01', '0.00', 'open'],
      [`${Y}-03-31`, '61.00', '0.00', 'open'],
    ]);
  });

  it('moves the invoice from unpaid to partially paid to paid, in due-date order', async () => {
    const invoice = await issuedInvoice();
    expect(invoice.paymentStatus).toBe('unpaid');
    const first = await created(await post('payments', { invoiceId: invoice.id, date: `${Y}-02-20`, amount: '70' }));
    expect(first.customerId).toBe(customerId);
    const [a, b] = await instalmentsOf(invoice.id);
    expect(first.allocations).toMatchObject([
      { instalmentId: a.id, amount: '61.01' },
      { instalmentId: b.id, amount: '8.99' },
    ]);
    expect([a.status, b.status, b.paidAmount]).toEqual(['paid', 'partiallyPaid', '8.99']);
    let shown = (await get(`invoices/${invoice.id}`)).json().data;
    expect(shown).toMatchObject({ paidAmount: '70.00', paymentStatus: 'partiallyPaid' });

    await created(
      await post('payments', { invoiceId: invoice.id, instalmentId: b.id, date: `${Y}-03-30`, amount: '52.01' }),
    );
    shown = (await get(`invoices/${invoice.id}`)).json().data;
    expect(shown).toMatchObject({ paidAmount: '122.01', paymentStatus: 'paid' });
    expect((await instalmentsOf(invoice.id)).map((r) => r.status)).toEqual(['paid', 'paid']);
  });

  it('refuses more than is still owed (409 naming amount) and a payment on a draft', async () => {
    const invoice = await issuedInvoice();
    const over = await post('payments', { invoiceId: invoice.id, date: `${Y}-02-01`, amount: '122.02' });
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().errors[0]).toMatchObject({ path: 'amount' });
    expect(over.body).toContain('122.01');
    const [a] = await instalmentsOf(invoice.id);
    const overOne = await post('payments', {
      invoiceId: invoice.id,
      instalmentId: a.id,
      date: `${Y}-02-01`,
      amount: '61.02',
    });
    expect(overOne.statusCode, overOne.body).toBe(409);

    const draft = await draftInvoice();
    const onDraft = await post('payments', { invoiceId: draft.id, date: `${Y}-02-01`, amount: '10' });
    expect(onDraft.statusCode, onDraft.body).toBe(409);
    expect(onDraft.json().errors[0]).toMatchObject({ path: 'invoiceId' });
    expect((await get(`invoices/${invoice.id}`)).json().data.paymentStatus).toBe('unpaid');
  });

  it('lets exactly one of two concurrent payments of the whole outstanding through', async () => {
    const invoice = await issuedInvoice();
    const pay = () => post('payments', { invoiceId: invoice.id, date: `${Y}-02-01`, amount: '122.01' });
    const results = await Promise.all([pay(), pay()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await get(`invoices/${invoice.id}`)).json().data).toMatchObject({
      paidAmount: '122.01',
      paymentStatus: 'paid',
    });
  });

  it('keeps amount and invoice of a recorded payment, and gives the amount back on delete', async () => {
    const invoice = await issuedInvoice();
    const payment = await created(
      await post('payments', { invoiceId: invoice.id, date: `${Y}-02-01`, amount: '61.01' }),
    );
    const amountChange = await post(`payments/${payment.id}`, { version: payment.version, amount: '50' });
    expect(amountChange.statusCode, amountChange.body).toBe(409);
    expect(amountChange.json().errors[0]).toMatchObject({ path: 'amount' });
    const noteChange = await post(`payments/${payment.id}`, {
      version: payment.version,
      reference: 'CRO 123',
      amount: '61.01',
    });
    expect(noteChange.statusCode, noteChange.body).toBe(200);

    const removed = await send('DELETE', `payments/${payment.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get(`invoices/${invoice.id}`)).json().data).toMatchObject({
      paidAmount: '0.00',
      paymentStatus: 'unpaid',
    });
    expect((await instalmentsOf(invoice.id)).map((r) => [r.paidAmount, r.status])).toEqual([
      ['0.00', 'open'],
      ['0.00', 'open'],
    ]);
  });

  it('leaves an instalment the date of its latest remaining payment when one is deleted', async () => {
    const invoice = await issuedInvoice();
    const pay = async (date: string) =>
      created(await post('payments', { invoiceId: invoice.id, date: `${Y}-${date}`, amount: '10' }));
    const lastDate = async () =>
      ((await instalmentsOf(invoice.id))[0] as unknown as { lastPaymentDate: string | null }).lastPaymentDate;
    const early = await pay('02-01');
    const later = await pay('02-10');
    expect(await lastDate()).toBe(`${Y}-02-10`);
    expect((await send('DELETE', `payments/${later.id}`)).statusCode).toBe(200);
    expect(await lastDate()).toBe(`${Y}-02-01`);
    expect((await send('DELETE', `payments/${early.id}`)).statusCode).toBe(200);
    expect(await lastDate()).toBeNull();
  });

  it("does not reach another tenant's invoices, instalments and payments", async () => {
    const invoice = await issuedInvoice();
    const payment = await created(await post('payments', { invoiceId: invoice.id, date: `${Y}-02-01`, amount: '1' }));
    const [a] = await instalmentsOf(invoice.id);
    expect((await get(`payments/${payment.id}`, globex)).statusCode).toBe(404);
    expect((await get(`instalments/${a.id}`, globex)).statusCode).toBe(404);
    const foreign = await post('payments', { invoiceId: invoice.id, date: `${Y}-02-01`, amount: '1' }, globex);
    expect(foreign.statusCode, foreign.body).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ path: 'invoiceId' });
    expect((await get(`receivables/ageing?customerId=${customerId}`, globex)).statusCode).toBe(404);
  });
});

describe('receivables ageing', () => {
  it('sums what is still owed by days past due, overall and per customer', async () => {
    const debtor = (
      await created(
        await post('customers', {
          kind: 'company',
          legalName: 'Scaduti S.r.l.',
          vatCountry: 'IT',
          vatNumber: '00743110157',
          taxCode: '00743110157',
          sdiCode: '0000000',
          vatRegime: 'standard',
          billingAddress: milan,
          paymentTermId: termId,
        }),
      )
    ).id;
    // Due 29 February (61.01) and 31 March (61.00); 10.00 paid on the first.
    const invoice = await issuedInvoice({ customerId: debtor });
    await created(await post('payments', { invoiceId: invoice.id, date: `${Y}-03-01`, amount: '10' }));
    const ageingOf = async (query: string) => {
      const res = await get(`receivables/ageing?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const early = await ageingOf(`customerId=${debtor}&asOf=${Y}-02-01`);
    expect(early.totals).toEqual({
      notDue: '112.01',
      days0to30: '0.00',
      days31to60: '0.00',
      days61to90: '0.00',
      over90: '0.00',
      total: '112.01',
    });
    // On 15 April the first is 46 days late, the second 15.
    const april = await ageingOf(`customerId=${debtor}&asOf=${Y}-04-15`);
    expect(april.totals).toMatchObject({ notDue: '0.00', days0to30: '61.00', days31to60: '51.01', total: '112.01' });
    expect(april.customers).toEqual([{ customerId: debtor, customerName: 'Scaduti S.r.l.', ...april.totals }]);
    // In September both are more than 90 days late.
    expect((await ageingOf(`customerId=${debtor}&asOf=${Y}-09-01`)).totals).toMatchObject({ over90: '112.01' });

    const all = await ageingOf(`asOf=${Y}-04-15&pageSize=1`);
    expect(all.customers).toHaveLength(1);
    expect(all.customerCount).toBeGreaterThanOrEqual(1);
    const sum = ['notDue', 'days0to30', 'days31to60', 'days61to90', 'over90']
      .map((k) => Number(all.totals[k]) * 100)
      .reduce((a, b) => a + b, 0);
    expect(sum).toBe(Math.round(Number(all.totals.total) * 100));

    const bad = await get(`receivables/ageing?asOf=${Y}-02-30&customerId=nope`);
    expect(bad.statusCode, bad.body).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['asOf', 'customerId']);
  });
});
