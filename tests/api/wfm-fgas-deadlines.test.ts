import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources';
import { migrate } from '../../server/db/migrate';
import { addDays, addMonths } from '../../resources/wfm/shared';
import { todayInItaly } from '../../resources/schema';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, type Row } from './wfm-fixture';

/** The office's F-gas deadlines (docs/domain.md#leak-check-deadlines): overdue and due-soon lists, judged today. */

let server: TestServer;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;
let http: ReturnType<typeof api>;

const MACHINES = '/wfm/api/machines';
const FGAS = '/wfm/api/fgas-activities';
const today = todayInItaly();
const preset = (name: string, value = 'true', operator = 'eq') =>
  `filters[0][field]=${name}&filters[0][operator]=${operator}&filters[0][value]=${value}`;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWfmWorld(server);
});
afterAll(async () => {
  await server?.close();
});

const machine = (code: string, extra: Record<string, unknown>) =>
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

const codes = async (query: string) => {
  const res = await http.get(`${MACHINES}?${query}&pageSize=100`, w.admin);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Row[]).map((m) => m.code).sort();
};

describe('machines: the next leak check and the overdue and due-soon filters', () => {
  let unknownAge: Row;

  beforeAll(async () => {
    // The fixture's CF-01 was installed in 2022 and never checked: overdue.
    await machine('SOON', { installationDate: addMonths(addDays(today, 10), -12) });
    await machine('LATER', { installationDate: addMonths(addDays(today, 40), -12) });
    await machine('GONE', {
      installationDate: '2020-01-10',
      status: 'decommissioned',
      decommissionedAt: '2024-05-01',
    });
    await machine('NOGAS', { refrigerantId: w.r290.id, fgasEquipmentType: null, refrigerantChargeKg: '0.3' });
    unknownAge = await machine('UNKNOWN', {});
  });

  it('gives a machine of unknown age, never checked, a check due from the day it was registered', () => {
    expect(unknownAge).toMatchObject({ installationDate: null, registeredOn: today, nextLeakCheckDue: today });
  });

  it('backfills machines stored before the registration date existed, once, on the next start', async () => {
    const old = await machine('OLDROW', {});
    // As a database of the previous version holds it: no registration date, so no next check.
    const db = server.db.kysely;
    await sql`update wfm.machines set registered_on = null, next_leak_check_due = null, created_at = '2025-03-04T10:00:00Z' where id = ${old.id}`.execute(
      db,
    );
    await sql`delete from public.migrations where id = '0006-machines-registered-on'`.execute(db);
    const stale = await http.ok('GET', `${MACHINES}/${old.id}`, w.admin);
    expect(stale).toMatchObject({ registeredOn: null, nextLeakCheckDue: null });

    await migrate(db, resources);
    const filled = await http.ok('GET', `${MACHINES}/${old.id}`, w.admin);
    expect(filled).toMatchObject({ registeredOn: '2025-03-04', nextLeakCheckDue: '2025-03-04' });
    // A machine registered today is untouched by the backfill.
    expect(await http.ok('GET', `${MACHINES}/${unknownAge.id}`, w.admin)).toMatchObject({ registeredOn: today });
  });

  it('counts from the last check once there is one, whatever the installation date', async () => {
    const checked = await machine('CHECKED', {});
    const activity = await w.activity([w.tecnico.id], { machineIds: [checked.id] });
    await http.create(FGAS, w.admin, {
      activityId: activity.id,
      machineId: checked.id,
      technicianId: w.tecnico.id,
      interventionType: 'leakCheck',
      interventionDate: '2025-06-30',
      quantityAddedKg: '0',
      quantityRecoveredKg: '0',
      leakCheckResult: 'noLeak',
      companyCertificateNumber: 'IT-FGAS-IMPRESA-0042',
      bancaDatiStatus: 'reported',
      bancaDatiReportedAt: '2025-07-10',
      bancaDatiReference: 'BD-1',
    });
    const after = await http.ok('GET', `${MACHINES}/${checked.id}`, w.admin);
    expect(after).toMatchObject({ lastLeakCheckDate: '2025-06-30', nextLeakCheckDue: '2026-06-30' });
  });

  it('lists as overdue the machines whose check is past today, not the decommissioned ones', async () => {
    const overdue = await codes(preset('overdue'));
    expect(overdue).toContain('CF-01');
    expect(overdue).not.toContain('SOON');
    expect(overdue).not.toContain('LATER');
    expect(overdue).not.toContain('GONE');
    expect(overdue).not.toContain('NOGAS');
    // Due today is not late yet.
    expect(overdue).not.toContain('UNKNOWN');
  });

  it('lists as due soon the checks due from today to thirty days from now', async () => {
    const soon = await codes(preset('dueSoon'));
    expect(soon).toEqual(expect.arrayContaining(['SOON', 'UNKNOWN']));
    expect(soon).not.toContain('CF-01');
    expect(soon).not.toContain('LATER');
  });

  it('combines with the other filters', async () => {
    const q = `${preset('overdue')}&filters[1][field]=siteId&filters[1][operator]=eq&filters[1][value]=${w.siteB.id}`;
    expect(await codes(q)).toEqual([]);
  });

  it('refuses an operator or a value the named filter does not take (400 naming the parameter)', async () => {
    for (const [query, param] of [
      [preset('overdue', 'false'), 'filters[0][value]'],
      [preset('overdue', 'true', 'neq'), 'filters[0][operator]'],
    ]) {
      const res = await http.get(`${MACHINES}?${query}`, w.admin);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(param);
    }
  });
});

describe('the F-gas register: records past the 30-day Banca Dati deadline', () => {
  const record = (activityId: string, interventionDate: string, extra: Record<string, unknown> = {}) =>
    http.create(FGAS, w.admin, {
      activityId,
      machineId: w.machine.id,
      technicianId: w.tecnico.id,
      interventionType: 'maintenance',
      interventionDate,
      quantityAddedKg: '0',
      quantityRecoveredKg: '0.5',
      companyCertificateNumber: 'IT-FGAS-IMPRESA-0042',
      bancaDatiStatus: 'toReport',
      ...extra,
    });

  it('lists the records still to report whose deadline is before today, and only those', async () => {
    const activity = await w.activity([w.tecnico.id]);
    const late = await record(activity.id, addDays(today, -45)!);
    const dueToday = await record(activity.id, addDays(today, -30)!);
    const fresh = await record(activity.id, addDays(today, -2)!);
    const reported = await record(activity.id, addDays(today, -60)!, {
      bancaDatiStatus: 'reported',
      bancaDatiReportedAt: addDays(today, -50),
      bancaDatiReference: 'BD-2',
    });
    expect(dueToday.bancaDatiDueDate).toBe(today);
    const res = await http.get(`${FGAS}?${preset('overdue')}&pageSize=100`, w.admin);
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json().data as Row[]).map((r) => r.id);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(dueToday.id);
    expect(ids).not.toContain(fresh.id);
    expect(ids).not.toContain(reported.id);
    expect(res.json().total).toBe(ids.length);
  });
});
