import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInItaly } from '../../resources/ticketing/recurrence';
import { addMonths } from '../../resources/wfm/shared';
import type { Db } from '../../server/db/tables';
import { withTenant } from '../../server/db/tenancy';
import { generatePeriodicWorkIn, periodicWorkJob } from '../../server/services/ticketing/generation';
import { planningProposalsJob, proposePlanningWorkIn } from '../../server/services/wfm/planning/proposals';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, type Row } from './wfm-fixture';

/** Work that schedules itself (docs/domain.md#generated-work): periodic plans, leak checks, contract visits. */

let server: TestServer;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;
let http: ReturnType<typeof api>;

const GENERATE = '/wfm/api/planning/generate';
const PLANS = '/ticketing/api/periodic-tickets';
const CONTRACTS = '/ticketing/api/contracts';
const REQUESTS = '/ticketing/api/requests';
const ACTIVITIES = '/wfm/api/activities';
const MACHINES = '/wfm/api/machines';
const today = todayInItaly();
const SILENT = { info: () => undefined, warn: () => undefined, error: () => undefined };

const eq = (field: string, value: string) =>
  `filters[0][field]=${field}&filters[0][operator]=eq&filters[0][value]=${encodeURIComponent(value)}&pageSize=100`;
/** Records whose references field names `id`. */
const has = (field: string, id: string) =>
  `filters[0][field]=${field}&filters[0][operator]=in&filters[0][value][0]=${id}&pageSize=100`;
const byDate = (rows: Row[]) =>
  [...rows].sort((a, b) => String(a.occurrenceDate).localeCompare(String(b.occurrenceDate)));

async function list(url: string, headers = w.admin): Promise<Row[]> {
  const res = await http.get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row[];
}

const generate = (headers = w.admin, body: unknown = {}) => http.post(GENERATE, headers, body);

async function activePlan(body: Record<string, unknown>): Promise<Row> {
  const plan = await http.create(PLANS, w.admin, {
    customerId: w.customerA.id,
    siteId: w.siteA.id,
    templateType: 'maintenance',
    templateTitle: 'Manutenzione programmata',
    horizonDays: 30,
    generateAs: 'ticket',
    ...body,
  });
  return http.ok('POST', `${PLANS}/${plan.id}/actions/activate`, w.admin, { version: plan.version });
}

const fgasMachine = (code: string, extra: Record<string, unknown> = {}) =>
  http.create(MACHINES, w.admin, {
    code,
    siteId: w.siteA.id,
    name: 'Climatizzatore',
    equipmentCategory: 'splitAc',
    fgasEquipmentType: 'stationaryAirConditioning',
    refrigerantId: w.r410a.id,
    // 26.1 t CO2e: a check every 12 months.
    refrigerantChargeKg: '12.5',
    status: 'active',
    ...extra,
  });

let activityPlan: Row;
let ticketPlan: Row;
let contract: Row;
let planContract: Row;
let siteA2: Row;
let overdue: Row;
let covered: Row;
let globexAdmin: { authorization: string };
let globexBefore: number;
let later: Row;
/** A copy of the config folder: a test changes the tenant's planning horizon and reloads it. */
let configDir: string;

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'climatica-planning-config-'));
  await cp(resolve(import.meta.dirname, '../../config'), configDir, { recursive: true });
  server = await startTestServer({ app: { configDir } });
  http = api(server);
  w = await buildWfmWorld(server);
  globexAdmin = await server.auth('globex', 'admin');
  globexBefore = (await http.get(`${ACTIVITIES}?pageSize=1`, globexAdmin)).json().total;
  siteA2 = await http.create('/sales/api/sites', w.admin, {
    customerId: w.customerA.id,
    code: 'PV02',
    name: 'Punto vendita PV02',
    address: { street: 'Via Roma', streetNumber: '12', zip: '20121', city: 'Milano', province: 'MI' },
  });
  const contractStart = addMonths(addDays(today, 10), -12)!;
  const signed = async (siteIds: string[]) => {
    const made = await http.create(CONTRACTS, w.admin, {
      type: 'fullService',
      customerId: w.customerA.id,
      siteIds,
      machineIds: [w.machine.id],
      startDate: contractStart,
      endDate: addDays(today, 365),
      includedVisitsPerYear: 4,
    });
    return http.ok('POST', `${CONTRACTS}/${made.id}/actions/activate`, w.admin, { version: made.version });
  };
  // Visits in both its sites; quarterly from 10 days ahead, a year after its start: one in the next 30 days.
  contract = await signed([w.siteA.id, siteA2.id]);
  // Its visits are its plan's.
  planContract = await signed([w.siteA.id]);
  // Every 7 days from two weeks ago, five times in all: today, +7 and +14 are still to come.
  activityPlan = await activePlan({
    name: 'Pulizia filtri settimanale',
    generateAs: 'activity',
    freq: 'daily',
    interval: 7,
    startDate: addDays(today, -14),
    maxOccurrences: 5,
    horizonDays: 30,
    estimatedMinutes: 90,
    machineIds: [w.machine.id],
    defaultTechnicianIds: [w.tecnico.id, w.other.id],
  });
  // Every 10 days from +5 to +26 (a horizon reaching further): +5, +15 and +25.
  ticketPlan = await activePlan({
    name: 'Controllo mensile del contratto',
    generateAs: 'ticket',
    freq: 'daily',
    interval: 10,
    startDate: addDays(today, 5),
    endDate: addDays(today, 26),
    horizonDays: 60,
    bufferEarlyDays: 2,
    bufferLateDays: 3,
    contractId: planContract.id,
  });
  // Neither a draft nor a suspended plan generates.
  await http.create(PLANS, w.admin, {
    customerId: w.customerA.id,
    siteId: w.siteA.id,
    name: 'Bozza',
    templateType: 'maintenance',
    templateTitle: 'Bozza',
    horizonDays: 30,
    freq: 'daily',
    interval: 1,
    startDate: today,
    generateAs: 'activity',
  });
  const suspended = await activePlan({ name: 'Sospeso', freq: 'daily', interval: 1, startDate: today });
  await http.ok('POST', `${PLANS}/${suspended.id}/actions/suspend`, w.admin, { version: suspended.version });
  // Leak checks: the fixture's CF-01 (installed 2022, never checked) is overdue; so are these two, one
  // already in an open leak-check job; one falls due after the 30 days, one is decommissioned.
  overdue = await fgasMachine('OVERDUE', { installationDate: addMonths(addDays(today, 3), -12) });
  covered = await fgasMachine('COVERED', { installationDate: '2023-01-10' });
  await http.create(ACTIVITIES, w.admin, {
    customerId: w.customerA.id,
    siteId: w.siteA.id,
    machineIds: [covered.id],
    type: 'leakCheck',
    priority: 'normal',
    billingMode: 'chargeable',
    title: 'Controllo perdite già in programma',
  });
  later = await fgasMachine('LATER', { installationDate: addMonths(addDays(today, 40), -12) });
  await fgasMachine('GONE', {
    installationDate: '2020-01-10',
    status: 'decommissioned',
    decommissionedAt: '2024-05-01',
  });
});
afterAll(async () => {
  await server?.close();
  await rm(configDir, { recursive: true, force: true });
});

describe('POST /wfm/api/planning/generate', () => {
  it('is for administrators only, and takes no input', async () => {
    expect((await generate(w.tecnicoAuth)).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'POST', url: GENERATE })).statusCode).toBe(401);
    const unknown = await generate(w.admin, { horizonDays: 5 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('horizonDays');
    // Nothing was generated by the refused calls.
    expect(await list(`${ACTIVITIES}?${eq('origin', 'periodic')}`)).toHaveLength(0);
  });

  it('creates each item once when two runs go at once', async () => {
    const [first, second] = await Promise.all([generate(), generate()]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const sum = (key: 'periodic' | 'leakCheck' | 'contract') => first.json().created[key] + second.json().created[key];
    // 3 activities and 3 requests; CF-01 and OVERDUE; one visit at each of the contract's two sites.
    expect({ periodic: sum('periodic'), leakCheck: sum('leakCheck'), contract: sum('contract') }).toEqual({
      periodic: 6,
      leakCheck: 2,
      contract: 2,
    });
  });

  it('turns an activity plan into unscheduled activities within its horizon, count and start', async () => {
    const made = byDate(await list(`${ACTIVITIES}?${eq('periodicTicketId', activityPlan.id)}`));
    expect(made.map((a) => a.occurrenceDate)).toEqual([today, addDays(today, 7), addDays(today, 14)]);
    expect(made[0]).toMatchObject({
      origin: 'periodic',
      originKey: `periodic:${activityPlan.id}:${today}`,
      status: 'assigned',
      planState: 'draft',
      scheduledStart: null,
      scheduledEnd: null,
      type: 'maintenance',
      title: 'Manutenzione programmata',
      estimatedMinutes: 90,
      machineIds: [w.machine.id],
      technicianIds: [w.tecnico.id, w.other.id],
      leadTechnicianId: w.tecnico.id,
      billingMode: 'chargeable',
    });
    expect(made[0].number).toMatch(/^INT\//);
    const plan = await http.ok('GET', `${PLANS}/${activityPlan.id}`, w.admin);
    expect(plan.lastGeneratedAt).not.toBeNull();
  });

  it('turns a ticket plan into requests within its dates, with the buffers as the requested window', async () => {
    const made = byDate(await list(`${REQUESTS}?${eq('periodicTicketId', ticketPlan.id)}`));
    expect(made.map((r) => r.occurrenceDate)).toEqual([addDays(today, 5), addDays(today, 15), addDays(today, 25)]);
    expect(made[0]).toMatchObject({
      channel: 'periodic',
      status: 'open',
      reporterName: 'Controllo mensile del contratto',
      subject: 'Manutenzione programmata',
      type: 'maintenance',
      contractId: planContract.id,
    });
    const day = (iso: unknown) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(String(iso)));
    expect(day(made[0].requestedEarliest)).toBe(addDays(today, 3));
    expect(day(made[0].requestedLatest)).toBe(addDays(today, 8));
  });

  it('proposes one leak check per machine due within the horizon that no open leak check covers', async () => {
    const proposed = await list(`${ACTIVITIES}?${eq('origin', 'leakCheck')}`);
    expect(proposed.map((a) => (a.machineIds as string[])[0]).sort()).toEqual([w.machine.id, overdue.id].sort());
    const due = (await http.ok('GET', `${MACHINES}/${overdue.id}`, w.admin)).nextLeakCheckDue as string;
    expect(proposed.find((a) => (a.machineIds as string[])[0] === overdue.id)).toMatchObject({
      type: 'leakCheck',
      status: 'assigned',
      occurrenceDate: due,
      originKey: `leakCheck:${overdue.id}:${due}`,
      estimatedMinutes: 60,
      scheduledStart: null,
      customerId: w.customerA.id,
      siteId: w.siteA.id,
    });
    expect(await list(`${ACTIVITIES}?${has('machineIds', covered.id)}`)).toHaveLength(1);
  });

  it('proposes the contract visits of each covered site, leaving a contract with its own plan to the plan', async () => {
    const visits = await list(`${ACTIVITIES}?${eq('origin', 'contract')}`);
    const date = addMonths(contract.startDate, 12);
    expect(visits.map((v) => v.siteId).sort()).toEqual([w.siteA.id, siteA2.id].sort());
    for (const visit of visits)
      expect(visit).toMatchObject({
        contractId: contract.id,
        type: 'maintenance',
        billingMode: 'contract',
        occurrenceDate: date,
        originKey: `contract:${contract.id}:${visit.siteId}:${date}`,
        // The contract's machine is at site A only.
        machineIds: visit.siteId === w.siteA.id ? [w.machine.id] : [],
      });
  });

  it('creates nothing on a second run, nor for draft or suspended plans, nor in another tenant', async () => {
    const again = await generate();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().created).toEqual({ periodic: 0, leakCheck: 0, contract: 0 });
    expect(await list(`${ACTIVITIES}?${eq('title', 'Bozza')}`)).toHaveLength(0);
    expect((await http.get(`${ACTIVITIES}?pageSize=1`, globexAdmin)).json().total).toBe(globexBefore);
    const globex = await generate(globexAdmin);
    expect(globex.json().created).toEqual({ periodic: 0, leakCheck: 0, contract: 0 });
  });
});

describe('the daily jobs', () => {
  it('create each item once when two processes run them at once', async () => {
    const plan = await activePlan({
      name: 'Ogni giorno',
      generateAs: 'activity',
      freq: 'daily',
      interval: 1,
      startDate: today,
      horizonDays: 4,
    });
    const machine = await fgasMachine('DUE-SOON', { installationDate: addMonths(addDays(today, 20), -12) });
    const ctx = { db: server.db.kysely as unknown as Db, log: SILENT, now: new Date() };
    await Promise.all([
      periodicWorkJob.run(ctx),
      periodicWorkJob.run(ctx),
      planningProposalsJob.run(ctx),
      planningProposalsJob.run(ctx),
    ]);
    const daily = await list(`${ACTIVITIES}?${eq('periodicTicketId', plan.id)}`);
    expect(daily.map((a) => a.occurrenceDate).sort()).toEqual([0, 1, 2, 3, 4].map((n) => addDays(today, n)));
    expect(await list(`${ACTIVITIES}?${has('machineIds', machine.id)}`)).toHaveLength(1);
    expect(await list(`${ACTIVITIES}?${eq('origin', 'contract')}`)).toHaveLength(2);
  });
});

describe('in a transaction of the caller (the demo seed)', () => {
  it('generates what is missing, once', async () => {
    const plan = await activePlan({
      name: 'Seed',
      generateAs: 'activity',
      freq: 'daily',
      interval: 2,
      startDate: today,
    });
    const db = server.db.kysely as unknown as Db;
    const run = () =>
      withTenant(db, 'acme', async (trx) => ({
        periodic: await generatePeriodicWorkIn(trx, 'acme', new Date()),
        ...(await proposePlanningWorkIn(trx, 'acme', new Date(), 30)),
      }));
    // Every other day from today, 30 days ahead: 16 dates; the rest was proposed before.
    expect(await run()).toEqual({ periodic: 16, leakCheck: 0, contract: 0 });
    expect(await run()).toEqual({ periodic: 0, leakCheck: 0, contract: 0 });
    expect(await list(`${ACTIVITIES}?${eq('periodicTicketId', plan.id)}`)).toHaveLength(16);
  });
});

describe('the tenant config', () => {
  it('sets how far ahead leak checks are proposed (planning.horizonDays)', async () => {
    const file = join(configDir, 'tenants', 'acme.json');
    const config = JSON.parse(await readFile(file, 'utf8'));
    const reload = () => server.app.inject({ method: 'POST', url: '/config/api/reload', headers: w.admin });
    await writeFile(file, JSON.stringify({ ...config, planning: { horizonDays: 0 } }));
    const refused = await reload();
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('planning.horizonDays');
    // LATER falls due in 40 days: outside the default 30, inside 45.
    await writeFile(file, JSON.stringify({ ...config, planning: { horizonDays: 45 } }));
    const accepted = await reload();
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await list(`${ACTIVITIES}?${has('machineIds', later.id)}`)).toHaveLength(0);
    const res = await generate();
    expect(res.statusCode, res.body).toBe(200);
    expect(await list(`${ACTIVITIES}?${has('machineIds', later.id)}`)).toHaveLength(1);
  });
});
