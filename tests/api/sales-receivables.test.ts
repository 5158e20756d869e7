import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInItaly } from '../../resources/schema/presets';
import { startTestServer, type TestServer } from './helpers';

/** An invoice's next due date and the overdue / due-soon list filters (docs/domain.md#due-dates-and-payments). */

let server: TestServer;
let admin: { authorization: string };
let customerId: string;
let seriesId: string;

const JSON_HEADERS = { 'content-type': 'application/json' };
const Y = 2024;
const milan = { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' };

const send = (method: 'POST' | 'DELETE', path: string, body?: unknown) =>
  server.app.inject({
    method,
    url: `/sales/api/${path}`,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    headers: { ...admin, ...(body === undefined ? {} : JSON_HEADERS) },
  });
const post = (path: string, body: unknown) => send('POST', path, body);
const get = (path: string) => server.app.inject({ url: `/sales/api/${path}`, headers: admin });

async function created(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

function plusDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** A draft of 100.01 + 22% VAT = 122.01 for the test's customer (due 30/60 days end of month unless told). */
const draftInvoice = async (extra: Record<string, unknown> = {}) =>
  created(
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

async function issuedInvoice(extra: Record<string, unknown> = {}) {
  const draft = await draftInvoice(extra);
  const res = await post(`invoices/${draft.id}/actions/issue`, { version: draft.version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The ids of the test customer's records of `endpoint` that meet the named filter `preset`. */
async function idsWith(endpoint: string, preset: string): Promise<string[]> {
  const res = await get(
    `${endpoint}?filters[0][field]=${preset}&filters[0][operator]=eq&filters[0][value]=true` +
      `&filters[1][field]=customerId&filters[1][operator]=eq&filters[1][value]=${customerId}&pageSize=100`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: string }[]).map((r) => r.id).sort();
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
  const termId = (
    await created(
      await post('payment-terms', {
        name: '30/60 gg DF FM (scadenzario)',
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
        legalName: 'Scadenze S.r.l.',
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

describe("an invoice's next due date", () => {
  it('is the earliest instalment still to collect, moving with payments and their deletion', async () => {
    const draft = await draftInvoice();
    expect(draft.nextDueDate).toBeNull();
    const invoice = await issuedInvoice();
    expect(invoice.nextDueDate).toBe(`${Y}-02-29`);
    const nextDue = async () => (await get(`invoices/${invoice.id}`)).json().data.nextDueDate;

    await created(await post('payments', { invoiceId: invoice.id, date: `${Y}-02-20`, amount: '30' }));
    expect(await nextDue()).toBe(`${Y}-02-29`); // partly paid is still to collect
    await created(await post('payments', { invoiceId: invoice.id, date: `${Y}-02-25`, amount: '31.01' }));
    expect(await nextDue()).toBe(`${Y}-03-31`);
    const last = await created(await post('payments', { invoiceId: invoice.id, date: `${Y}-03-20`, amount: '61' }));
    expect(await nextDue()).toBeNull();

    expect((await send('DELETE', `payments/${last.id}`)).statusCode).toBe(200);
    expect(await nextDue()).toBe(`${Y}-03-31`);
  });
});

describe('overdue and due-soon filters', () => {
  it('answer only the records late (or due within a week) today, and refuse another value', async () => {
    // In due order of issue: the series refuses an invoice dated before its last one.
    const late = await issuedInvoice();
    const paid = await issuedInvoice();
    await created(await post('payments', { invoiceId: paid.id, date: `${Y}-02-01`, amount: '122.01' }));
    const today = todayInItaly();
    const soon = await issuedInvoice({
      date: today,
      dueDates: [{ dueDate: plusDays(today, 3), amount: '122.01', method: 'MP05' }],
    });
    const later = await issuedInvoice({
      date: today,
      dueDates: [{ dueDate: plusDays(today, 20), amount: '122.01', method: 'MP05' }],
    });
    const draft = await draftInvoice();

    const overdueInvoices = await idsWith('invoices', 'overdue');
    expect(overdueInvoices).toContain(late.id);
    for (const id of [paid.id, soon.id, later.id, draft.id]) expect(overdueInvoices).not.toContain(id);

    const instalmentsOf = async (invoiceId: string) =>
      (
        await get(`instalments?filters[0][field]=invoiceId&filters[0][operator]=eq&filters[0][value]=${invoiceId}`)
      ).json().data as { id: string }[];
    const [lateRows, paidRows, soonRows, laterRows] = await Promise.all(
      [late, paid, soon, later].map((invoice) => instalmentsOf(invoice.id)),
    );
    const overdue = await idsWith('instalments', 'overdue');
    for (const row of lateRows) expect(overdue).toContain(row.id);
    for (const row of [...paidRows, ...soonRows, ...laterRows]) expect(overdue).not.toContain(row.id);
    expect(await idsWith('instalments', 'dueSoon')).toEqual(soonRows.map((r) => r.id).sort());

    const bad = await get('invoices?filters[0][field]=overdue&filters[0][operator]=eq&filters[0][value]=maybe');
    expect(bad.statusCode, bad.body).toBe(400);
  });
});
