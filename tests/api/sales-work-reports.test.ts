import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { publish } from './wfm-fixture';

let server: TestServer;
let admin: { authorization: string };
let tecnico: { authorization: string };
/** Technician of the `tecnico` user, and another one. */
let mine: string;
let theirs: string;
/** An activity assigned to `tecnico`, and one that is not. */
let myActivity: string;
let otherActivity: string;

const JSON_HEADERS = { 'content-type': 'application/json' };
const milan = { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' };
const Y = new Date().getFullYear();

function post(url: string, body: unknown, as = admin) {
  return server.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { ...as, ...JSON_HEADERS } });
}

async function created(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
  tecnico = await server.auth('acme', 'tecnico');
  const users = await server.app.inject({
    url: '/oauth2/api/users?filters[0][field]=username&filters[0][operator]=eq&filters[0][value]=tecnico',
    headers: admin,
  });
  const technician = (first: string, userId: string | null) =>
    post('/wfm/api/technicians', {
      firstName: first,
      lastName: 'Bianchi',
      phone: '+393331234567',
      color: '#0b6e99',
      userId,
    });
  mine = (await created(await technician('Luca', users.json().data[0].id))).id;
  theirs = (await created(await technician('Marco', null))).id;
  const customer = await created(
    await post('/sales/api/customers', {
      kind: 'company',
      legalName: 'Hotel Bellavista S.r.l.',
      vatCountry: 'IT',
      vatNumber: '00743110157',
      taxCode: '00743110157',
      sdiCode: '0000000',
      vatRegime: 'standard',
      billingAddress: milan,
    }),
  );
  const site = await created(
    await post('/sales/api/sites', { customerId: customer.id, code: 'S01', name: 'Hotel', address: milan }),
  );
  const activity = (technicianId: string) =>
    post('/wfm/api/activities', {
      customerId: customer.id,
      siteId: site.id,
      type: 'maintenance',
      title: 'Manutenzione split',
      priority: 'normal',
      technicianIds: [technicianId],
      scheduledStart: `${Y}-03-02T08:00:00Z`,
      scheduledEnd: `${Y}-03-02T10:00:00Z`,
      billingMode: 'chargeable',
    });
  myActivity = (await created(await activity(mine))).id;
  otherActivity = (await created(await activity(theirs))).id;
  // Technicians reach only the activities sent to them (docs/tenancy-and-security.md#record-scopes).
  await publish(server, admin, [myActivity, otherActivity]);
});
afterAll(() => server?.close());

const entry = (technicianId: string, extra: Record<string, unknown> = {}) => ({
  technicianId,
  date: `${Y}-03-02`,
  startTime: '08:00',
  endTime: '12:30',
  breakMinutes: 30,
  kind: 'work',
  ...extra,
});

const report = (activityId: string, technicianId: string, extra: Record<string, unknown> = {}) => ({
  activityId,
  date: `${Y}-03-02`,
  timeEntries: [entry(technicianId)],
  workDescription: 'Pulizia filtri e controllo pressioni',
  outcome: 'resolved',
  ...extra,
});

const URL = '/sales/api/work-reports';

describe('work reports', () => {
  it('are numbered RAP/<year>/00001 and add up the hours of their time entries', async () => {
    const data = await created(
      await post(
        URL,
        report(myActivity, mine, {
          timeEntries: [entry(mine), entry(mine, { startTime: '14:00', endTime: '15:15', breakMinutes: null })],
        }),
      ),
    );
    expect(data.number).toMatch(new RegExp(`^RAP/${Y}/\\d{5}$`));
    expect(data.timeEntries.map((e: { hours: string }) => e.hours)).toEqual(['4.00', '1.25']);
    expect(data).toMatchObject({ totalHours: '5.25', status: 'draft' });
  });

  it('time entries: by a technician of the activity, ending after they start, not overlapping', async () => {
    const paths = async (body: unknown) => {
      const res = await post(URL, body);
      expect(res.statusCode, res.body).toBe(400);
      return (res.json().errors as { path: string }[]).map((e) => e.path);
    };
    expect(await paths(report(myActivity, theirs))).toEqual(['timeEntries.0.technicianId']);
    expect(await paths(report(myActivity, mine, { timeEntries: [entry(mine, { endTime: '07:00' })] }))).toEqual([
      'timeEntries.0.endTime',
    ]);
    expect(
      await paths(
        report(myActivity, mine, { timeEntries: [entry(mine), entry(mine, { startTime: '12:00', endTime: '13:00' })] }),
      ),
    ).toEqual(['timeEntries.1.startTime']);
    expect(await paths(report(myActivity, mine, { timeEntries: [entry(mine, { breakMinutes: 300 })] }))).toEqual([
      'timeEntries.0.breakMinutes',
    ]);
  });

  it('a technician reaches only the reports of activities assigned to them', async () => {
    const own = await created(await post(URL, report(myActivity, mine)));
    const other = await created(await post(URL, report(otherActivity, theirs)));
    const list = await server.app.inject({ url: `${URL}?pageSize=100`, headers: tecnico });
    expect(list.statusCode).toBe(200);
    const activities = new Set(list.json().data.map((r: { activityId: string }) => r.activityId));
    expect([...activities]).toEqual([myActivity]);
    expect((await server.app.inject({ url: `${URL}/${own.id}`, headers: tecnico })).statusCode).toBe(200);
    expect((await server.app.inject({ url: `${URL}/${other.id}`, headers: tecnico })).statusCode).toBe(404);
    expect((await post(`${URL}/${other.id}`, { version: 1, outcome: 'notPerformed' }, tecnico)).statusCode).toBe(404);
    const edit = await post(`${URL}/${own.id}`, { version: 1, outcome: 'followUpRequired' }, tecnico);
    expect(edit.statusCode, edit.body).toBe(200);
    const move = await post(
      `${URL}/${own.id}`,
      { version: 2, activityId: otherActivity, timeEntries: [entry(theirs)] },
      tecnico,
    );
    expect(move.statusCode).toBe(400);
    expect(move.json().errors.map((e: { path: string }) => e.path)).toEqual(['activityId']);
    const removal = await server.app.inject({ method: 'DELETE', url: `${URL}/${own.id}`, headers: tecnico });
    expect(removal.statusCode).toBe(403);
  });

  it('a technician writes reports of their own activities only', async () => {
    expect((await post(URL, report(myActivity, mine), tecnico)).statusCode).toBe(201);
    const res = await post(URL, report(otherActivity, theirs), tecnico);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'activityId', key: 'validation.sales.activityNotAssigned' });
  });

  it('regular users have no access', async () => {
    const utente = await server.auth('acme', 'utente');
    expect((await server.app.inject({ url: URL, headers: utente })).statusCode).toBe(403);
  });
});
