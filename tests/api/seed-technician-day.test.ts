import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInItaly } from '../../resources/schema';
import { startTestServer, type TestServer } from './helpers';
import { api, type Row } from './wfm-fixture';

/**
 * The demo data the technician's day and the office's F-gas deadlines need (server/seed/wfm*.ts,
 * warehouse-events.ts): tecnico's published jobs today and tomorrow, drafts after them, common
 * materials in the van, machines overdue for a leak check and register records past their deadline.
 */

let server: TestServer;
let http: ReturnType<typeof api>;
let admin: { authorization: string };
const today = todayInItaly();

const filter = (...conditions: [string, string, string][]) =>
  conditions
    .map(([field, operator, value], i) => `filters[${i}][field]=${field}&filters[${i}][operator]=${operator}&filters[${i}][value]${operator === 'in' ? '[0]' : ''}=${value}`)
    .join('&'); // prettier-ignore

const list = async (url: string) => {
  const res = await http.get(url, admin);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as { data: Row[]; total: number };
};

beforeAll(async () => {
  server = await startTestServer({ app: { demoScale: 0.2 } });
  http = api(server);
  admin = await server.auth('acme', 'admin');
}, 300_000);
afterAll(async () => {
  await server?.close();
});

describe('the demo seed of the technician’s day', () => {
  let tecnico: Row;

  beforeAll(async () => {
    const users = await list(`/oauth2/api/users?${filter(['username', 'eq', 'tecnico'])}`);
    const technicians = await list(`/wfm/api/technicians?${filter(['userId', 'eq', String(users.data[0].id)])}`);
    tecnico = technicians.data[0];
  });

  it('gives tecnico published jobs today and tomorrow on F-gas machines, with a checklist item to tick', async () => {
    const tomorrow = new Date(`${today}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const day = tomorrow.toISOString().slice(0, 10);
    const { data } = await list(
      `/wfm/api/activities?pageSize=100&${filter(['technicianIds', 'in', String(tecnico.id)], ['planState', 'eq', 'published'], ['status', 'eq', 'assigned'])}`,
    );
    const on = (d: string) =>
      data.filter(
        (a) =>
          new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(String(a.scheduledStart))) ===
          d,
      );
    expect(on(today).length).toBeGreaterThanOrEqual(3);
    expect(on(day).length).toBeGreaterThanOrEqual(2);
    const first = on(today).sort((a, b) => String(a.scheduledStart).localeCompare(String(b.scheduledStart)))[0];
    expect(first.checklist).toEqual(expect.arrayContaining([expect.objectContaining({ required: true, done: false })]));
    const machine = await http.ok('GET', `/wfm/api/machines/${(first.machineIds as string[])[0]}`, admin);
    expect(machine.refrigerantIsFgas).toBe(true);
  });

  it('keeps some of tecnico’s later jobs as drafts the office has not sent yet', async () => {
    const { total } = await list(
      `/wfm/api/activities?${filter(['technicianIds', 'in', String(tecnico.id)], ['planState', 'eq', 'draft'], ['scheduledStart', 'gte', today])}`,
    );
    expect(total).toBeGreaterThanOrEqual(2);
  });

  it('stocks tecnico’s van with common materials through movements', async () => {
    const van = String(tecnico.vanWarehouseId);
    const stocks = await list(
      `/warehouse/api/stocks?pageSize=100&${filter(['warehouseId', 'eq', van], ['onHand', 'gt', '0'])}`,
    );
    expect(stocks.total).toBeGreaterThanOrEqual(5);
    const moves = await list(
      `/warehouse/api/movements?${filter(['toWarehouseId', 'eq', van], ['type', 'eq', 'transfer'])}`,
    );
    expect(moves.total).toBeGreaterThan(0);
  });

  it('has machines overdue for a leak check, some due soon, and register records past the deadline', async () => {
    const named = (name: string) => filter([name, 'eq', 'true']);
    expect((await list(`/wfm/api/machines?${named('overdue')}`)).total).toBeGreaterThan(0);
    expect((await list(`/wfm/api/fgas-activities?${named('overdue')}`)).total).toBeGreaterThan(0);
    const unknownAge = await list(`/wfm/api/machines?${filter(['installationDate', 'isNull', 'true'])}`);
    expect(unknownAge.total).toBeGreaterThan(0);
    for (const m of unknownAge.data.filter((m) => m.leakCheckIntervalMonths !== null))
      expect(m.nextLeakCheckDue).not.toBeNull();
  });
});
