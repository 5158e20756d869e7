import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, paths, type Row } from './wfm-fixture';

let server: TestServer;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;
let http: ReturnType<typeof api>;
let filterProduct: Row;

const DEFERRED = '/sales/api/billing/deferred';
const PERIOD = { periodStart: '2026-01-01', periodEnd: '2026-01-31' };
const PREVIEW = `${DEFERRED}/preview?periodStart=${PERIOD.periodStart}&periodEnd=${PERIOD.periodEnd}`;

const vatRate = async (code: string) =>
  (
    await http.get(
      `/sales/api/vat-rates?filters[0][field]=code&filters[0][operator]=eq&filters[0][value]=${code}`,
      w.admin,
    )
  ).json().data[0] as Row;

/** The demo tenant's base price list (price lists are records the products' prices refer to). */
const baseList = async () =>
  (
    await http.get(
      `/sales/api/price-lists?filters[0][field]=name&filters[0][operator]=eq&filters[0][value]=Listino%20base`,
      w.admin,
    )
  ).json().data[0] as Row;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWfmWorld(server);
  const vat22 = await vatRate('22');
  await http.create('/sales/api/products', w.admin, {
    code: 'MAN-ORD',
    name: 'Manodopera tecnico (ora)',
    type: 'labour',
    uom: 'h',
    vatRateId: vat22.id,
    prices: [{ priceListId: (await baseList()).id, unitPrice: '45.00', validFrom: '2025-01-01' }],
  });
  filterProduct = await http.create('/sales/api/products', w.admin, {
    code: 'FLT-01',
    name: 'Filtro a carboni attivi',
    type: 'goods',
    uom: 'pz',
    vatRateId: vat22.id,
    prices: [{ priceListId: (await baseList()).id, unitPrice: '7.35', validFrom: '2025-01-01' }],
  });
});
afterAll(() => server?.close());

/**
 * An approved activity of customer A: completed with its work ended on `day` (08:00-10:30 UTC, 2.50 hours in its
 * work report), with a priced material and one priced from the list.
 */
async function approvedActivity(day: string, extra: Record<string, unknown> = {}): Promise<Row> {
  const activity = await w.activity([w.tecnico.id], {
    materials: [
      { productId: filterProduct.id, description: 'Filtro', quantity: '2', uom: 'pz', unitPrice: '12.50' },
      { productId: filterProduct.id, quantity: '3', uom: 'pz' },
    ],
    ...extra,
  });
  const completed = await http.ok('POST', `/wfm/api/activities/${activity.id}/actions/complete`, w.admin, {
    version: activity.version,
    actualStart: `${day}T08:00:00Z`,
    actualEnd: `${day}T10:30:00Z`,
    resolution: 'Sostituiti i filtri.',
  });
  const report = await http.post('/sales/api/work-reports/from-activity', w.admin, { activityId: activity.id });
  expect(report.statusCode, report.body).toBe(201);
  return http.ok('POST', `/wfm/api/activities/${activity.id}/actions/approve`, w.admin, {
    version: completed.version,
  });
}

const activityOf = (id: string) => http.ok('GET', `/wfm/api/activities/${id}`, w.admin);

describe('deferred invoicing (TD24) of approved activities', () => {
  let first: Row;
  let second: Row;
  let outside: Row;

  it('previews per customer the activities and amounts to bill', async () => {
    first = await approvedActivity('2026-01-12');
    second = await approvedActivity('2026-01-20');
    outside = await approvedActivity('2026-02-03');
    const preview = (await http.ok('GET', PREVIEW, w.admin)) as unknown as {
      customers: { customerId: string; activities: { id: string; amount: string }[]; totalDocument: string }[];
    };
    expect(preview.customers).toHaveLength(1);
    const [customer] = preview.customers;
    expect(customer.customerId).toBe(w.customerA.id);
    expect(customer.activities.map((a) => a.id)).toEqual([first.id, second.id]);
    // 2 × 12.50 + 3 × 7.35 + 2.50 h × 45.00 = 25.00 + 22.05 + 112.50 = 159.55 per activity
    expect(customer.activities.map((a) => a.amount)).toEqual(['159.55', '159.55']);
    // taxable 319.10, VAT 22% 70.20 (once on the total)
    expect(customer.totalDocument).toBe('389.30');
  });

  it('refuses a bad body naming the field (400) and another role (403)', async () => {
    for (const [body, field] of [
      [{ periodStart: '2026-01-01' }, 'periodEnd'],
      [{ ...PERIOD, periodEnd: '2025-12-01' }, 'periodEnd'],
      [{ ...PERIOD, periodStart: '2026-02-30' }, 'periodStart'],
      [{ ...PERIOD, customerIds: ['nope'] }, 'customerIds.0'],
    ] as const) {
      const res = await http.post(DEFERRED, w.admin, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(paths(res.body).join(' '), res.body).toContain(field);
    }
    const extra = await http.post(DEFERRED, w.admin, { ...PERIOD, extra: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await http.post(DEFERRED, w.tecnicoAuth, PERIOD)).statusCode).toBe(403);
    const badQuery = await http.get(`${PREVIEW}&customer=x`, w.admin);
    expect(badQuery.statusCode, badQuery.body).toBe(400);
    expect(paths(badQuery.body)).toEqual(['customer']);
    expect((await http.get(`${DEFERRED}/preview?periodStart=2026-01-01`, w.admin)).statusCode).toBe(400);
    expect((await activityOf(first.id)).status).toBe('approved');
  });

  it('leaves another tenant alone: globex sees nothing to bill and bills nothing of acme', async () => {
    const globex = await server.auth('globex', 'admin');
    const res = await http.post(DEFERRED, globex, PERIOD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: [], skipped: [] });
    const preview = await http.get(PREVIEW, globex);
    expect(preview.json().data.customers).toEqual([]);
    expect((await activityOf(first.id)).status).toBe('approved');
  });

  it('drafts one TD24 per customer, bills each activity once under two concurrent runs', async () => {
    const [a, b] = await Promise.all([http.post(DEFERRED, w.admin, PERIOD), http.post(DEFERRED, w.admin, PERIOD)]);
    const results = [a, b].map((res) => {
      expect([200, 201], res.body).toContain(res.statusCode);
      return res.json() as { created: { invoiceId: string; customerId: string; activities: string[] }[] };
    });
    const created = results.flatMap((r) => r.created);
    expect(created, JSON.stringify(results)).toHaveLength(1);
    expect(created[0].customerId).toBe(w.customerA.id);
    expect([...created[0].activities].sort()).toEqual([first.id, second.id].sort());

    const invoice = await http.ok('GET', `/sales/api/invoices/${created[0].invoiceId}`, w.admin);
    expect(invoice).toMatchObject({
      documentType: 'TD24',
      status: 'draft',
      customerId: w.customerA.id,
      periodStart: PERIOD.periodStart,
      periodEnd: PERIOD.periodEnd,
      date: PERIOD.periodEnd,
      originKey: `deferred:${w.customerA.id}:${PERIOD.periodStart}:${PERIOD.periodEnd}`,
      totalTaxable: '319.10',
      totalVat: '70.20',
      totalDocument: '389.30',
    });
    expect([...(invoice.activityIds as string[])].sort()).toEqual([first.id, second.id].sort());
    const lines = invoice.lines as Row[];
    expect(lines).toHaveLength(6);
    for (const activity of [first, second]) {
      const own = lines.filter((l) => String(l.description).includes(String(activity.number)));
      expect(own.map((l) => [l.quantity, l.unitPrice, l.vatRate, l.lineTotal])).toEqual([
        ['2.000', '12.50000000', '22.00', '25.00'],
        ['3.000', '7.35000000', '22.00', '22.05'],
        ['2.500', '45.00000000', '22.00', '112.50'],
      ]);
    }
    const reports: Row[] = [];
    for (const activity of [first, second])
      reports.push(
        ...((
          await http.get(
            `/sales/api/work-reports?filters[0][field]=activityId&filters[0][operator]=eq&filters[0][value]=${activity.id}`,
            w.admin,
          )
        ).json().data as Row[]),
      );
    expect(reports).toHaveLength(2);
    expect(invoice.ddtRefs).toMatchObject(reports.map((r) => ({ ddtNumber: r.number, ddtDate: r.date })));

    for (const activity of [first, second])
      expect(await activityOf(activity.id)).toMatchObject({ status: 'billed', invoiceId: invoice.id });
    expect((await activityOf(first.id)).billedAt).toEqual(expect.any(String));
    expect(await activityOf(outside.id)).toMatchObject({ status: 'approved', invoiceId: null });
  });

  it('bills nothing more when run again; the preview is empty', async () => {
    const again = await http.post(DEFERRED, w.admin, PERIOD);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().created).toEqual([]);
    expect(((await http.ok('GET', PREVIEW, w.admin)) as unknown as { customers: unknown[] }).customers).toEqual([]);
  });

  it('bills only the customers asked for, and skips one whose material has no price', async () => {
    const feb = { periodStart: '2026-02-01', periodEnd: '2026-02-28' };
    const res = await http.post(DEFERRED, w.admin, { ...feb, customerIds: [w.customerB.id] });
    expect(res.json()).toEqual({ created: [], skipped: [] });
    const vat22 = await vatRate('22');
    // Priced only from 2027: nothing is valid in February 2026.
    const later = await http.create('/sales/api/products', w.admin, {
      code: 'RAC-01',
      name: 'Raccordo',
      type: 'goods',
      uom: 'pz',
      vatRateId: vat22.id,
      prices: [{ priceListId: (await baseList()).id, unitPrice: '3.00', validFrom: '2027-01-01' }],
    });
    const unpriced = await approvedActivity('2026-02-10', {
      materials: [{ productId: later.id, quantity: '1', uom: 'pz' }],
    });
    const run = await http.post(DEFERRED, w.admin, { ...feb, customerIds: [w.customerA.id] });
    expect(run.json()).toEqual({
      created: [],
      skipped: [{ customerId: w.customerA.id, reason: 'noPrice', activityId: unpriced.id }],
    });
    expect((await activityOf(outside.id)).status).toBe('approved');
  });
});
