import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/tenancy';
import { todayInItaly } from '../../resources/schema/presets';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let admin: { authorization: string };

const JSON_HEADERS = { 'content-type': 'application/json' };
const milan = { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' };
const today = todayInItaly();

function plusDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** `YYYY-MM` of the month `back` months before today's. */
function monthBack(back: number): string {
  const [y, m] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 7);
}

function post(url: string, body: unknown, as = admin) {
  return server.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { ...as, ...JSON_HEADERS } });
}

async function created(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; version: number } & Record<string, unknown>;
}

/** Runs a declared lifecycle action on a record, as the screens do. */
async function act(endpoint: string, record: { id: string; version: number }, action: string, input = {}) {
  const res = await post(`/sales/api/${endpoint}/${record.id}/actions/${action}`, {
    version: record.version,
    ...input,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; version: number } & Record<string, unknown>;
}

const figures = async (query = '', as = admin) => server.app.inject({ url: `/sales/api/figures${query}`, headers: as });

const line = (quantity: string, unitPrice: string) => ({
  description: 'Manutenzione split',
  quantity,
  unitPrice,
  vatRate: '22',
});

async function seriesOf(kind: string) {
  const res = await server.app.inject({
    url: `/sales/api/numbering-series?filters[0][field]=documentKind&filters[0][operator]=eq&filters[0][value]=${kind}`,
    headers: admin,
  });
  return res.json().data[0]?.id as string | undefined;
}

/**
 * An issued invoice's instalments, as the Scadenzario holds them (status and amounts after its payments).
 * They are a read model no API writes: the test states them directly, replacing any the issue opened.
 */
async function instalmentsOf(
  invoice: Record<string, unknown>,
  rows: {
    dueDate: string;
    amount: string;
    paidAmount: string;
    outstandingAmount: string;
    status: 'open' | 'partiallyPaid' | 'paid';
  }[],
) {
  await withTenant(server.db.kysely, 'acme', async (trx) => {
    await trx.deleteFrom('sales.instalments').where('invoiceId', '=', String(invoice.id)).execute();
    await trx
      .insertInto('sales.instalments')
      .values(
        rows.map((row, i) => ({
          tenantId: 'acme',
          id: crypto.randomUUID(),
          version: 1,
          invoiceId: String(invoice.id),
          customerId: String(invoice.customerId),
          position: i + 1,
          dueDate: row.dueDate,
          amount: row.amount,
          paidAmount: row.paidAmount,
          outstandingAmount: row.outstandingAmount,
          status: row.status,
        })),
      )
      .execute();
  });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
  const customer = await created(
    await post('/sales/api/customers', {
      kind: 'company',
      legalName: 'Supermercati Alfa S.p.A.',
      vatCountry: 'IT',
      vatNumber: '00743110157',
      taxCode: '00743110157',
      sdiCode: '0000000',
      vatRegime: 'standard',
      billingAddress: milan,
    }),
  );
  const site = await created(
    await post('/sales/api/sites', { customerId: customer.id, code: 'S01', name: 'Punto vendita', address: milan }),
  );
  const invoiceSeries = await seriesOf('invoice');
  const creditSeries = (await seriesOf('creditNote')) ?? invoiceSeries;
  const invoice = (date: string, lines: unknown[], extra = {}) =>
    post('/sales/api/invoices', {
      documentType: 'TD01',
      seriesId: invoiceSeries,
      date,
      customerId: customer.id,
      paymentConditions: 'TP02',
      lines,
      ...extra,
    });

  // Turnover: 1000.00 two months ago; 300.00 this month less a credit note of 100.00; a draft not counted.
  const older = await created(await invoice(`${monthBack(2)}-10`, [line('10', '100')]));
  const recent = await created(await invoice(`${monthBack(0)}-01`, [line('3', '100')]));
  const issuedOlder = await act('invoices', older, 'issue');
  const issuedRecent = await act('invoices', recent, 'issue');
  // A credit note corrects an issued invoice.
  const credit = await created(
    await invoice(`${monthBack(0)}-01`, [line('1', '100')], {
      documentType: 'TD04',
      seriesId: creditSeries,
      relatedInvoiceIds: [older.id],
    }),
  );
  await act('invoices', credit, 'issue');
  // Two drafts: 122.00 and 244.00 of document total.
  await created(await invoice(today, [line('1', '100')]));
  await created(await invoice(today, [line('2', '100')]));

  // Receivables: 610.00 overdue; 310.00 still owed of a partly paid one not yet due; 50.00 due today
  // (not overdue); a paid instalment counts nothing.
  await instalmentsOf(issuedOlder, [
    {
      dueDate: plusDays(today, -10),
      amount: '610.00',
      paidAmount: '0.00',
      outstandingAmount: '610.00',
      status: 'open',
    },
    {
      dueDate: plusDays(today, 20),
      amount: '610.00',
      paidAmount: '300.00',
      outstandingAmount: '310.00',
      status: 'partiallyPaid',
    },
  ]);
  await instalmentsOf(issuedRecent, [
    { dueDate: plusDays(today, -5), amount: '316.00', paidAmount: '316.00', outstandingAmount: '0.00', status: 'paid' },
    { dueDate: today, amount: '50.00', paidAmount: '0.00', outstandingAmount: '50.00', status: 'open' },
  ]);

  // Quotes: a draft (122.00), two sent (244.00 expiring in 3 days, 122.00 in 30), one accepted (122.00).
  const quote = (quantity: string, validUntil: string) =>
    post('/sales/api/quotes', {
      date: today,
      validUntil,
      customerId: customer.id,
      lines: [line(quantity, '100')],
    });
  await created(await quote('1', plusDays(today, 30)));
  await act('quotes', await created(await quote('2', plusDays(today, 3))), 'send', { to: 'acquisti@alfa.example' });
  await act('quotes', await created(await quote('1', plusDays(today, 30))), 'send', { to: 'acquisti@alfa.example' });
  const accepted = await act('quotes', await created(await quote('1', plusDays(today, 30))), 'send', {
    to: 'acquisti@alfa.example',
  });
  await act('quotes', accepted, 'accept', { acceptedBy: 'Mario Rossi' });

  // Work to invoice: an approved chargeable activity with 150.00 of materials; a warranty one is not billed.
  const technician = await created(
    await post('/wfm/api/technicians', {
      firstName: 'Luca',
      lastName: 'Bianchi',
      phone: '+393331234567',
      color: '#0b6e99',
      userId: null,
    }),
  );
  const vat = await server.app.inject({
    url: '/sales/api/vat-rates?filters[0][field]=rate&filters[0][operator]=eq&filters[0][value]=22',
    headers: admin,
  });
  const baseList = await server.app.inject({
    url: '/sales/api/price-lists?filters[0][field]=name&filters[0][operator]=eq&filters[0][value]=Listino%20base',
    headers: admin,
  });
  const product = await created(
    await post('/sales/api/products', {
      code: 'FIL-1',
      name: 'Filtro',
      type: 'goods',
      uom: 'pz',
      vatRateId: vat.json().data[0].id,
      prices: [
        { priceListId: baseList.json().data[0].id, unitPrice: '50.00', validFrom: `${today.slice(0, 4)}-01-01` },
      ],
    }),
  );
  const activity = async (billingMode: string, hour: string) =>
    created(
      await post('/wfm/api/activities', {
        customerId: customer.id,
        siteId: site.id,
        type: 'maintenance',
        title: 'Manutenzione split',
        priority: 'normal',
        scheduledStart: `${today}T${hour}:00:00Z`,
        scheduledEnd: `${today}T${hour}:30:00Z`,
        technicianIds: [technician.id],
        billingMode,
        materials: [{ productId: product.id, description: 'Filtro', quantity: '3', uom: 'pz', unitPrice: '50' }],
      }),
    );
  const approved = [await activity('chargeable', '08'), await activity('warranty', '10')];
  // Approval runs the technicians' completion first; here the state is what matters.
  await withTenant(server.db.kysely, 'acme', (trx) =>
    trx
      .updateTable('wfm.activities')
      .set({ status: 'approved' })
      .where(
        'id',
        'in',
        approved.map((a) => a.id),
      )
      .execute(),
  );
});
afterAll(() => server?.close());

describe('the office figures', () => {
  it('turnover by month subtracts credit notes and shows months with no sales as zero', async () => {
    const res = await figures('?months=4');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.today).toBe(today);
    expect(data.turnover).toEqual([
      { month: monthBack(3), amount: '0.00' },
      { month: monthBack(2), amount: '1000.00' },
      { month: monthBack(1), amount: '0.00' },
      { month: monthBack(0), amount: '200.00' },
    ]);
    // Twelve months by default.
    expect((await figures()).json().data.turnover).toHaveLength(12);
  });

  it('receivables are the open instalments, overdue those due before today', async () => {
    const { data } = (await figures()).json();
    expect(data.receivables).toEqual({
      open: { count: 3, amount: '970.00' },
      overdue: { count: 1, amount: '610.00' },
    });
  });

  it('the quotes pipeline counts and sums by status, and the sent ones expiring within a week', async () => {
    const { data } = (await figures()).json();
    expect(data.quotes).toEqual({
      draft: { count: 1, amount: '122.00' },
      sent: { count: 2, amount: '366.00' },
      accepted: { count: 1, amount: '122.00' },
      expiring: { count: 1, amount: '244.00' },
    });
  });

  it('work to invoice: approved chargeable activities with no invoice, and draft invoices', async () => {
    const { data } = (await figures()).json();
    expect(data.toInvoice).toEqual({
      activities: { count: 1, amount: '150.00' },
      draftInvoices: { count: 2, amount: '366.00' },
    });
  });

  it("never counts another tenant's records", async () => {
    const globex = await server.auth('globex', 'admin');
    const res = await figures('?months=3', globex);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.turnover.map((m: { amount: string }) => m.amount)).toEqual(['0.00', '0.00', '0.00']);
    expect(data.receivables.open).toEqual({ count: 0, amount: '0.00' });
    expect(data.quotes.sent).toEqual({ count: 0, amount: '0.00' });
    expect(data.toInvoice.draftInvoices.count).toBe(0);
    expect(data.toInvoice.activities.count).toBe(0);
  });

  it('is for administrators only, and refuses a bad month count naming it', async () => {
    const tecnico = await server.auth('acme', 'tecnico');
    expect((await figures('', tecnico)).statusCode).toBe(403);
    expect((await server.app.inject({ url: '/sales/api/figures' })).statusCode).toBe(401);
    for (const bad of ['?months=0', '?months=abc', '?months=37']) {
      const res = await figures(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.body).toContain('months');
    }
  });
});
