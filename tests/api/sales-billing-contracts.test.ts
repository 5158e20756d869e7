import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../resources/ticketing/contract-billing';
import { addDays, todayInItaly } from '../../resources/ticketing/recurrence';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, type Row } from './wfm-fixture';

let server: TestServer;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;
let http: ReturnType<typeof api>;

const CONTRACTS = '/ticketing/api/contracts';
const RUN = '/sales/api/billing/contracts';
const today = todayInItaly();
const start = addMonths(today, -18);
const italian = (date: string) => date.split('-').reverse().join('/');

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWfmWorld(server);
});
afterAll(() => server?.close());

async function contract(values: Record<string, unknown>, activate = true): Promise<Row> {
  const made = await http.create(CONTRACTS, w.admin, {
    type: 'scheduledMaintenance',
    customerId: w.customerA.id,
    siteIds: [w.siteA.id],
    startDate: start,
    billingFrequency: 'quarterly',
    ...values,
  });
  if (!activate) return made;
  return http.ok('POST', `${CONTRACTS}/${made.id}/actions/activate`, w.admin, { version: made.version });
}

const invoicesOf = async (contractId: string) =>
  (
    await http.get(
      `/sales/api/invoices?filters[0][field]=contractId&filters[0][operator]=eq&filters[0][value]=${contractId}&options[sortBy]=periodStart&pageSize=50`,
      w.admin,
    )
  ).json().data as Row[];

describe('contract fees', () => {
  let prepaid: Row;
  let postpaid: Row;
  let draft: Row;

  it('bills every due period once, also under two concurrent runs, catching up missed ones', async () => {
    // A total of 1000.00 over seven quarters, billed at each quarter's start: the seventh starts today.
    prepaid = await contract({
      endDate: addDays(addMonths(start, 21), -1),
      amount: '1000.00',
      amountBasis: 'total',
      billingMode: 'prepaid',
    });
    expect(prepaid.nextBillingDate).toBe(start);
    // 300.00 a quarter, billed the day after each quarter ends: six quarters are over.
    postpaid = await contract({
      endDate: addDays(addMonths(start, 24), -1),
      amount: '300.00',
      amountBasis: 'perPeriod',
      billingMode: 'postpaid',
    });
    expect(postpaid.nextBillingDate).toBe(addMonths(start, 3));
    draft = await contract({ endDate: addDays(addMonths(start, 24), -1), amount: '50.00' }, false);

    const runs = await Promise.all([http.post(RUN, w.admin, {}), http.post(RUN, w.admin, {})]);
    for (const res of runs) expect([200, 201], res.body).toContain(res.statusCode);
    const created = runs.flatMap((res) => res.json().created as Row[]);
    expect(created).toHaveLength(13);
    expect(await invoicesOf(prepaid.id)).toHaveLength(7);
    expect(await invoicesOf(postpaid.id)).toHaveLength(6);
    expect(await invoicesOf(draft.id)).toHaveLength(0);

    const again = await http.post(RUN, w.admin, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ created: [], skipped: [] });
  });

  it('prepaid: the coming period, the total split to the cent with the remainder on the last', async () => {
    const invoices = await invoicesOf(prepaid.id);
    expect(invoices.map((i) => [i.periodStart, i.periodEnd])).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((k) => [addMonths(start, 3 * k), addDays(addMonths(start, 3 * (k + 1)), -1)]),
    );
    expect(invoices.map((i) => i.totalTaxable)).toEqual([...Array(6).fill('142.85'), '142.90']);
    const first = invoices[0];
    expect(first).toMatchObject({
      documentType: 'TD01',
      status: 'draft',
      customerId: w.customerA.id,
      contractId: prepaid.id,
      date: today,
      originKey: `contract:${prepaid.id}:${start}`,
      totalVat: '31.43',
      totalDocument: '174.28',
    });
    expect(first.lines).toMatchObject([
      {
        description: `Canone ${String(prepaid.number)} ${italian(start)}–${italian(addDays(addMonths(start, 3), -1))}`,
        quantity: '1.000',
        unitPrice: '142.85000000',
        vatRate: '22.00',
      },
    ]);
    const stored = await http.ok('GET', `${CONTRACTS}/${prepaid.id}`, w.admin);
    expect(stored).toMatchObject({ lastBilledUntil: prepaid.endDate, nextBillingDate: null });
  });

  it('postpaid: the period just ended, the amount per period; the next date advanced', async () => {
    const invoices = await invoicesOf(postpaid.id);
    expect(invoices.map((i) => i.totalTaxable)).toEqual(Array(6).fill('300.00'));
    expect(invoices.at(-1)).toMatchObject({
      periodStart: addMonths(start, 15),
      periodEnd: addDays(addMonths(start, 18), -1),
    });
    const stored = await http.ok('GET', `${CONTRACTS}/${postpaid.id}`, w.admin);
    expect(stored).toMatchObject({
      lastBilledUntil: addDays(addMonths(start, 18), -1),
      nextBillingDate: addMonths(start, 21),
    });
  });

  it("bills nothing of another tenant's contracts and is for administrators only", async () => {
    const globex = await server.auth('globex', 'admin');
    const res = await http.post(RUN, globex, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toEqual([]);
    expect((await http.post(RUN, w.tecnicoAuth, {})).statusCode).toBe(403);
    expect((await http.post(RUN, w.admin, { now: '2030-01-01' })).statusCode).toBe(400);
  });
});
