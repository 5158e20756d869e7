import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWorld, paths, type World } from './ticketing-fixture';

let server: TestServer;
let w: World;
let http: ReturnType<typeof api>;

const REQUESTS = '/ticketing/api/requests';
const CONTRACTS = '/ticketing/api/contracts';
const YEAR = new Date().getFullYear();

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWorld(server);
});
afterAll(async () => {
  await server?.close();
});

const request = (extra: Record<string, unknown> = {}) => ({
  customerId: w.customerA,
  siteId: w.siteA1,
  subject: 'Climatizzatore non raffresca',
  reporterName: 'Giulia Verdi',
  channel: 'phone',
  type: 'breakdown',
  priority: 'normal',
  ...extra,
});

const contract = (extra: Record<string, unknown> = {}) => ({
  customerId: w.customerA,
  siteIds: [w.siteA1],
  type: 'scheduledMaintenance',
  startDate: '2026-01-01',
  endDate: '2099-12-31',
  ...extra,
});

describe('requests', () => {
  it('are numbered RIC/<year>/00001 upwards, opened now, due by the priority response time', async () => {
    const before = Date.now();
    const first = await http.create(REQUESTS, w.admin, request());
    const second = await http.create(REQUESTS, w.admin, request({ priority: 'urgent' }));
    expect(first).toMatchObject({ number: `RIC/${YEAR}/00001`, status: 'open', channel: 'phone', type: 'breakdown' });
    expect(second.number).toBe(`RIC/${YEAR}/00002`);
    const opened = Date.parse(first.openedAt as string);
    expect(opened).toBeGreaterThanOrEqual(before - 1000);
    // Normal priority: 72 hours; urgent: 4.
    expect(Date.parse(first.requestedLatest as string) - opened).toBe(72 * 3600 * 1000);
    expect(Date.parse(second.requestedLatest as string) - Date.parse(second.openedAt as string)).toBe(4 * 3600 * 1000);
    // The number is the server's to give.
    const typed = await http.post(REQUESTS, w.admin, request({ number: 'RIC/1999/00001' }));
    expect(typed.statusCode).toBe(400);
    expect(paths(typed.body)).toEqual(['number']);
  });

  it('need a site of the customer, and equipment at that site', async () => {
    const res = await http.post(REQUESTS, { ...w.admin, 'accept-language': 'it' }, request({ siteId: w.siteB1 }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ path: 'siteId', message: 'Deve essere una sede del cliente scelto' }),
    ]);
    const machines = await http.post(REQUESTS, w.admin, request({ machineIds: [w.machineA1, w.machineA2] }));
    expect(machines.statusCode).toBe(400);
    expect(paths(machines.body)).toEqual(['machineIds']);
    const unknown = await http.post(REQUESTS, w.admin, request({ contactId: '0b6e9900-0000-4000-8000-000000000001' }));
    expect(unknown.statusCode).toBe(400);
    expect(paths(unknown.body)).toEqual(['contactId']);
    const ghost = await http.post(REQUESTS, w.admin, request({ customerId: '0b6e9900-0000-4000-8000-000000000002' }));
    expect(paths(ghost.body)).toEqual(['customerId']);
    await http.create(REQUESTS, w.admin, request({ machineIds: [w.machineA1] }));
  });

  it('need a contact, a reporter name or a reporter phone', async () => {
    const res = await http.post(REQUESTS, w.admin, request({ reporterName: null }));
    expect(res.statusCode).toBe(400);
    expect(paths(res.body)).toEqual(['contactId']);
    const phone = await http.create(REQUESTS, w.admin, request({ reporterName: null, reporterPhone: '333 123 4567' }));
    expect(phone.reporterPhone).toBe('+393331234567');
  });

  it('are wanted by a moment not before the earliest one', async () => {
    const res = await http.post(
      REQUESTS,
      w.admin,
      request({ requestedEarliest: '2026-05-10T08:00:00Z', requestedLatest: '2026-05-09T08:00:00Z' }),
    );
    expect(res.statusCode).toBe(400);
    expect(paths(res.body)).toEqual(['requestedLatest']);
    const same = await http.create(
      REQUESTS,
      w.admin,
      request({ requestedEarliest: '2026-05-10T08:00:00Z', requestedLatest: '2026-05-10T08:00:00Z' }),
    );
    // An update is judged on the whole record.
    const later = await http.post(`${REQUESTS}/${same.id}`, w.admin, {
      version: same.version,
      requestedEarliest: '2026-05-11T08:00:00Z',
    });
    expect(later.statusCode).toBe(400);
    expect(paths(later.body)).toEqual(['requestedLatest']);
    const cleared = await http.post(`${REQUESTS}/${same.id}`, w.admin, { version: same.version, openedAt: null });
    expect(paths(cleared.body)).toEqual(['openedAt']);
  });

  it('refer only to an active contract of the customer covering the site, whose response time they take', async () => {
    const draft = await http.create(CONTRACTS, w.admin, contract({ slaResponseHours: 8 }));
    const refused = await http.post(REQUESTS, w.admin, request({ contractId: draft.id }));
    expect(refused.statusCode).toBe(400);
    expect(paths(refused.body)).toEqual(['contractId']);
    const activate = await http.post(`${CONTRACTS}/${draft.id}/actions/activate`, w.admin, { version: 1 });
    expect(activate.statusCode, activate.body).toBe(200);
    const covered = await http.create(REQUESTS, w.admin, request({ contractId: draft.id }));
    expect(Date.parse(covered.requestedLatest as string) - Date.parse(covered.openedAt as string)).toBe(
      8 * 3600 * 1000,
    );
    const otherSite = await http.post(REQUESTS, w.admin, request({ contractId: draft.id, siteId: w.siteA2 }));
    expect(paths(otherSite.body)).toEqual(['contractId']);
  });

  it('close with a reason when no activity was done, and cancel with one', async () => {
    const open = await http.create(REQUESTS, w.admin, request());
    const bare = await http.post(`${REQUESTS}/${open.id}/actions/close`, w.admin, { version: 1 });
    expect(bare.statusCode).toBe(400);
    expect(paths(bare.body)).toEqual(['closeReason']);
    const closed = await http.post(`${REQUESTS}/${open.id}/actions/close`, w.admin, {
      version: 1,
      closeReason: 'Risolto telefonicamente',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', closeReason: 'Risolto telefonicamente', version: 2 });
    expect(Date.parse(closed.json().data.closedAt)).toBeGreaterThan(Date.now() - 60_000);
    const again = await http.post(`${REQUESTS}/${open.id}/actions/cancel`, w.admin, { version: 2, closeReason: 'x' });
    expect(again.statusCode).toBe(409);

    const other = await http.create(REQUESTS, w.admin, request());
    const noReason = await http.post(`${REQUESTS}/${other.id}/actions/cancel`, w.admin, { version: 1 });
    expect(paths(noReason.body)).toEqual(['closeReason']);
    const technician = await server.auth('acme', 'tecnico');
    const forbidden = await http.post(`${REQUESTS}/${other.id}/actions/cancel`, technician, {
      version: 1,
      closeReason: 'x',
    });
    expect(forbidden.statusCode).toBe(403);
    // Requests are for the office: a technician does not even list them.
    expect((await http.get(REQUESTS, technician)).statusCode).toBe(403);
  });
});

describe('contracts', () => {
  it('are numbered CTR/<year>/0001 upwards with their notice deadline computed', async () => {
    const res = await http.create(
      CONTRACTS,
      w.admin,
      contract({ siteIds: [w.siteA1, w.siteA2], noticeDays: 90, endDate: '2026-12-31' }),
    );
    expect(res.number).toMatch(new RegExp(`^CTR/${YEAR}/\\d{4}$`));
    expect(res).toMatchObject({ status: 'draft', noticeDeadline: '2026-10-02' });
    const next = await http.create(CONTRACTS, w.admin, contract());
    expect(Number((next.number as string).slice(-4))).toBe(Number((res.number as string).slice(-4)) + 1);
  });

  it('end after they start, renew for a number of months, cover sites of the customer', async () => {
    const backwards = await http.post(CONTRACTS, w.admin, contract({ endDate: '2026-01-01' }));
    expect(paths(backwards.body)).toEqual(['endDate']);
    const renew = await http.post(CONTRACTS, w.admin, contract({ autoRenew: true }));
    expect(paths(renew.body)).toEqual(['renewalMonths']);
    const noSite = await http.post(CONTRACTS, w.admin, contract({ siteIds: [] }));
    expect(paths(noSite.body)).toEqual(['siteIds']);
    const foreign = await http.post(CONTRACTS, w.admin, contract({ siteIds: [w.siteA1, w.siteB1] }));
    expect(paths(foreign.body)).toEqual(['siteIds']);
    const machine = await http.post(CONTRACTS, w.admin, contract({ machineIds: [w.machineA2] }));
    expect(paths(machine.body)).toEqual(['machineIds']);
  });

  it('terminate from a day not in the past, then close', async () => {
    const made = await http.create(CONTRACTS, w.admin, contract());
    const url = `${CONTRACTS}/${made.id}/actions`;
    expect((await http.post(`${url}/close`, w.admin, { version: 1 })).statusCode).toBe(409);
    await http.post(`${url}/activate`, w.admin, { version: 1 });
    const past = await http.post(`${url}/terminate`, w.admin, {
      version: 2,
      terminatedAt: '2020-01-01',
      terminationReason: 'Cessata attività',
    });
    expect(past.statusCode).toBe(400);
    expect(paths(past.body)).toEqual(['terminatedAt']);
    const done = await http.post(`${url}/terminate`, w.admin, {
      version: 2,
      terminatedAt: '2099-01-31',
      terminationReason: 'Cessata attività',
    });
    expect(done.json().data).toMatchObject({ status: 'terminated', terminatedAt: '2099-01-31' });
    const closed = await http.post(`${url}/close`, w.admin, { version: 3 });
    expect(closed.json().data.status).toBe('closed');
    expect(closed.json().data.closedAt).toEqual(expect.any(String));
  });
});
