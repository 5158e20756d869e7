import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInItaly, addDays } from '../../resources/ticketing/recurrence';
import { contractReminders } from '../../server/services/ticketing/reminders';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWorld, paths, type World } from './ticketing-fixture';

let server: TestServer;
let w: World;
let http: ReturnType<typeof api>;

const PLANS = '/ticketing/api/periodic-tickets';
const CONTRACTS = '/ticketing/api/contracts';
const REQUESTS = '/ticketing/api/requests';
const today = todayInItaly();

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWorld(server);
});
afterAll(async () => {
  await server?.close();
});

const plan = (extra: Record<string, unknown> = {}) => ({
  name: 'Manutenzione semestrale climatizzatori',
  customerId: w.customerA,
  siteId: w.siteA1,
  templateType: 'maintenance',
  templateTitle: 'Manutenzione programmata semestrale',
  horizonDays: 30,
  generateAs: 'ticket',
  freq: 'monthly',
  interval: 6,
  startDate: '2024-03-15',
  ...extra,
});

describe('periodic tickets', () => {
  it('compute their next occurrence from the recurrence', async () => {
    const made = await http.create(PLANS, w.admin, plan());
    expect(made).toMatchObject({ status: 'draft', horizonDays: 30, generateAs: 'ticket', templateType: 'maintenance' });
    // Every 15 March and 15 September from 2024: the first one from today on.
    const y = Number(today.slice(0, 4));
    const expected = today <= `${y}-03-15` ? `${y}-03-15` : today <= `${y}-09-15` ? `${y}-09-15` : `${y + 1}-03-15`;
    expect(made.nextOccurrence).toBe(expected);
    const ended = await http.create(PLANS, w.admin, plan({ endDate: '2024-12-31' }));
    expect(ended.nextOccurrence).toBeNull();
    const refused = await http.post(`${PLANS}/${ended.id}/actions/activate`, w.admin, { version: 1 });
    expect(paths(refused.body)).toEqual(['nextOccurrence']);
    const activated = await http.post(`${PLANS}/${made.id}/actions/activate`, w.admin, { version: 1 });
    expect(activated.json().data.status).toBe('active');
  });

  it('check their rule, dates, site and contract period', async () => {
    const zero = await http.post(PLANS, w.admin, plan({ byMonthDay: 0 }));
    expect(paths(zero.body)).toEqual(['byMonthDay']);
    const interval = await http.post(PLANS, w.admin, plan({ interval: 0 }));
    expect(paths(interval.body)).toEqual(['interval']);
    const backwards = await http.post(PLANS, w.admin, plan({ endDate: '2024-03-15' }));
    expect(paths(backwards.body)).toEqual(['endDate']);
    const site = await http.post(PLANS, w.admin, plan({ siteId: w.siteB1 }));
    expect(paths(site.body)).toEqual(['siteId']);
    const contract = await http.create(CONTRACTS, w.admin, {
      type: 'onCall',
      customerId: w.customerA,
      siteIds: [w.siteA1],
      startDate: '2025-01-01',
      endDate: '2027-12-31',
    });
    const early = await http.post(PLANS, w.admin, plan({ contractId: contract.id, endDate: '2028-06-30' }));
    expect(early.statusCode).toBe(400);
    expect(paths(early.body).sort()).toEqual(['endDate', 'startDate']);
    const otherSite = await http.post(
      PLANS,
      w.admin,
      plan({ contractId: contract.id, siteId: w.siteA2, startDate: '2025-02-01' }),
    );
    expect(paths(otherSite.body)).toEqual(['contractId']);
    await http.create(
      PLANS,
      w.admin,
      plan({ contractId: contract.id, startDate: '2025-02-01', endDate: '2027-12-31' }),
    );
  });

  it('generate one request per occurrence date', async () => {
    const made = await http.create(PLANS, w.admin, plan());
    const body = {
      customerId: w.customerA,
      siteId: w.siteA1,
      type: 'maintenance',
      priority: 'normal',
      subject: 'Manutenzione programmata semestrale',
      reporterName: 'Pianificazione',
      channel: 'periodic',
      periodicTicketId: made.id,
      occurrenceDate: '2026-09-15',
    };
    const half = await http.post(REQUESTS, w.admin, { ...body, occurrenceDate: null });
    expect(paths(half.body)).toEqual(['occurrenceDate']);
    await http.create(REQUESTS, w.admin, body);
    const twice = await http.post(REQUESTS, w.admin, body);
    expect(twice.statusCode).toBe(409);
    expect(paths(twice.body)).toEqual(['occurrenceDate']);
    const elsewhere = await http.post(REQUESTS, w.admin, { ...body, siteId: w.siteA2, occurrenceDate: '2027-03-15' });
    expect(paths(elsewhere.body)).toEqual(['periodicTicketId']);
  });

  it('are suspended with their terminated contract, which closes once they are closed', async () => {
    const made = await http.create(CONTRACTS, w.admin, {
      type: 'fullService',
      customerId: w.customerA,
      siteIds: [w.siteA1],
      startDate: '2025-01-01',
      endDate: '2099-12-31',
    });
    const actions = `${CONTRACTS}/${made.id}/actions`;
    await http.post(`${actions}/activate`, w.admin, { version: 1 });
    const linked = await http.create(PLANS, w.admin, plan({ contractId: made.id, startDate: '2025-03-15' }));
    await http.post(`${PLANS}/${linked.id}/actions/activate`, w.admin, { version: 1 });
    const terminated = await http.post(`${actions}/terminate`, w.admin, {
      version: 2,
      terminatedAt: '2099-06-30',
      terminationReason: 'Il cliente ha cambiato fornitore',
    });
    expect(terminated.statusCode, terminated.body).toBe(200);
    const suspended = (await http.get(`${PLANS}/${linked.id}`, w.admin)).json().data;
    expect(suspended).toMatchObject({ status: 'suspended', version: 3 });
    const early = await http.post(`${actions}/close`, w.admin, { version: 3 });
    expect(early.statusCode).toBe(409);
    await http.post(`${PLANS}/${linked.id}/actions/close`, w.admin, { version: 3 });
    expect((await http.post(`${actions}/close`, w.admin, { version: 3 })).json().data.status).toBe('closed');
  });

  it('are shown to a technician only where they are a default technician', async () => {
    const mine = await http.create(PLANS, w.admin, plan({ name: 'Piano di Luca', defaultTechnicianIds: [w.tecnico] }));
    const theirs = await http.create(
      PLANS,
      w.admin,
      plan({ name: 'Piano di Paolo', defaultTechnicianIds: [w.otherTechnician] }),
    );
    const technician = await server.auth('acme', 'tecnico');
    const list = await http.get(PLANS, technician);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual(['Piano di Luca']);
    expect(list.json().total).toBe(1);
    expect((await http.get(`${PLANS}/${mine.id}`, technician)).statusCode).toBe(200);
    expect((await http.get(`${PLANS}/${theirs.id}`, technician)).statusCode).toBe(404);
    // Reading is all a technician does with plans.
    expect((await http.post(PLANS, technician, plan())).statusCode).toBe(403);
    expect((await http.post(`${PLANS}/${mine.id}`, technician, { version: 1, name: 'x' })).statusCode).toBe(403);
    expect((await http.post(`${PLANS}/${mine.id}/actions/close`, technician, { version: 1 })).statusCode).toBe(403);
    expect((await http.get(PLANS, await server.auth('acme', 'utente'))).statusCode).toBe(403);
    const all = await http.get(`${PLANS}?pageSize=100`, w.admin);
    expect(all.json().data.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });
});

describe('contract reminders', () => {
  const unread = async () =>
    (await http.get('/notifications/api/notifications/unread-count', w.admin)).json().data.count as number;
  const runJob = () =>
    contractReminders.run({ db: server.db.kysely, log: { info() {}, warn() {}, error() {} }, now: new Date() });

  it('notify the administrators of each due reminder once, and stamp it sent', async () => {
    const reminders = [
      { kind: 'expiry', remindAt: today, message: null },
      { kind: 'custom', remindAt: addDays(today, -2), message: 'Richiamare il cliente per il rinnovo' },
      { kind: 'billing', remindAt: addDays(today, 5), message: null },
    ];
    const body = {
      type: 'fullService',
      customerId: w.customerA,
      siteIds: [w.siteA1],
      startDate: '2025-01-01',
      endDate: addDays(today, 40),
      reminders,
    };
    const active = await http.create(CONTRACTS, w.admin, body);
    // A draft's reminders wait for its activation.
    const draft = await http.create(CONTRACTS, w.admin, body);
    await http.post(`${CONTRACTS}/${active.id}/actions/activate`, w.admin, { version: 1 });
    const before = await unread();

    await runJob();
    expect(await unread()).toBe(before + 2);
    const list = await http.get('/notifications/api/notifications?pageSize=2', w.admin);
    const titles = list.json().data.map((n: { title: string }) => n.title);
    expect(titles).toEqual(
      expect.arrayContaining([`Contratto ${active.number}: Scadenza`, `Contratto ${active.number}: Altro`]),
    );
    const texts = list.json().data.map((n: { text: string }) => n.text);
    expect(texts).toContain('Supermercati Rossi S.r.l. – Richiamare il cliente per il rinnovo');
    expect(list.json().data[0].link).toBe(`#/ticketing/contracts/${active.id}`);

    const stamped = (await http.get(`${CONTRACTS}/${active.id}`, w.admin)).json().data;
    expect(stamped.version).toBe(3);
    expect(stamped.reminders.map((r: { sentAt: string | null }) => r.sentAt !== null)).toEqual([true, true, false]);
    expect((await http.get(`${CONTRACTS}/${draft.id}`, w.admin)).json().data.reminders[0].sentAt).toBeNull();

    await runJob();
    expect(await unread()).toBe(before + 2);

    // Saving the form back keeps the stamps; moving a sent reminder to another day makes it due again.
    const lines = stamped.reminders.map((r: Record<string, unknown>) => ({ ...r }));
    const kept = await http.post(`${CONTRACTS}/${active.id}`, w.admin, { version: 3, reminders: lines });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.reminders.map((r: { sentAt: string | null }) => r.sentAt)).toEqual(
      stamped.reminders.map((r: { sentAt: string | null }) => r.sentAt),
    );
    const { sentAt: _sent, ...moved } = lines[1];
    void _sent;
    const again = await http.post(`${CONTRACTS}/${active.id}`, w.admin, {
      version: 4,
      reminders: [lines[0], { ...moved, remindAt: addDays(today, -1) }, lines[2]],
    });
    expect(again.json().data.reminders[1].sentAt).toBeNull();
    await runJob();
    expect(await unread()).toBe(before + 3);
  });
});
