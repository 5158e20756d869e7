import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, paths } from './wfm-fixture';

let server: TestServer;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;
let http: ReturnType<typeof api>;

const MACHINES = '/wfm/api/machines';
const FGAS = '/wfm/api/fgas-activities';
const ACTIVITIES = '/wfm/api/activities';
const YEAR = new Date().getFullYear();

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWfmWorld(server);
});
afterAll(async () => {
  await server?.close();
});

const machine = (extra: Record<string, unknown>) =>
  http.create(MACHINES, w.admin, {
    code: `M-${Math.random().toString(36).slice(2, 8)}`,
    siteId: w.siteA.id,
    name: 'Climatizzatore',
    equipmentCategory: 'splitAc',
    status: 'active',
    ...extra,
  });

describe('machines: gas copied from the refrigerant, CO2e and leak-check interval computed', () => {
  it('copies GWP and customer, computes t CO2e exactly and the interval of docs/domain.md#leak-check-intervals', () => {
    // 12.5 kg × 2088 / 1000 = 26.1 t: between 5 and 50 t, a check every 12 months.
    expect(w.machine).toMatchObject({
      gwp: 2088,
      refrigerantIsFgas: true,
      customerId: w.customerA.id,
      operatorCustomerId: w.customerA.id,
      co2eTonnes: '26.100',
      leakCheckIntervalMonths: 12,
      nextLeakCheckDue: '2023-03-15',
    });
  });

  it('follows the thresholds: 6 months from 50 t, doubled with a leak-detection system, none when sealed and small', async () => {
    const big = await machine({
      refrigerantId: w.r410a.id,
      refrigerantChargeKg: '30',
      fgasEquipmentType: 'stationaryAirConditioning',
    });
    expect(big).toMatchObject({ co2eTonnes: '62.640', leakCheckIntervalMonths: 6 });
    const lds = await machine({
      refrigerantId: w.r410a.id,
      refrigerantChargeKg: '30',
      leakDetectionSystem: true,
      fgasEquipmentType: 'stationaryAirConditioning',
    });
    expect(lds.leakCheckIntervalMonths).toBe(12);
    const sealed = await machine({
      refrigerantId: w.r410a.id,
      refrigerantChargeKg: '3.2',
      hermeticallySealed: true,
      fgasEquipmentType: 'stationaryAirConditioning',
    });
    expect(sealed).toMatchObject({ co2eTonnes: '6.682', leakCheckIntervalMonths: null, nextLeakCheckDue: null });
  });

  it('uses kilograms for HFOs and nothing for gases that are not F-gases', async () => {
    const hfo = await machine({
      refrigerantId: w.r1234yf.id,
      refrigerantChargeKg: '12',
      fgasEquipmentType: 'stationaryRefrigeration',
    });
    expect(hfo).toMatchObject({ gwp: 4, co2eTonnes: '0.048', leakCheckIntervalMonths: 6 });
    // R290 is no F-gas: no equipment type needed, no periodic check.
    const propane = await machine({ refrigerantId: w.r290.id, refrigerantChargeKg: '0.3' });
    expect(propane).toMatchObject({ refrigerantIsFgas: false, co2eTonnes: '0.001', leakCheckIntervalMonths: null });
  });

  it('requires the Banca Dati equipment type and a charge for an F-gas, and recomputes on a change of gas', async () => {
    const res = await http.post(MACHINES, w.admin, {
      code: 'M-NOTYPE',
      siteId: w.siteA.id,
      name: 'Chiller',
      equipmentCategory: 'chiller',
      status: 'active',
      refrigerantId: w.r410a.id,
    });
    expect(res.statusCode).toBe(400);
    expect(paths(res.body)).toContain('refrigerantChargeKg');
    const noType = await http.post(MACHINES, w.admin, {
      code: 'M-NOTYPE',
      siteId: w.siteA.id,
      name: 'Chiller',
      equipmentCategory: 'chiller',
      status: 'active',
      refrigerantId: w.r410a.id,
      refrigerantChargeKg: '40',
    });
    expect(noType.statusCode).toBe(400);
    expect(paths(noType.body)).toEqual(['fgasEquipmentType']);

    const m = await machine({ refrigerantId: w.r290.id, refrigerantChargeKg: '2' });
    const changed = await http.ok('POST', `${MACHINES}/${m.id}`, w.admin, {
      version: m.version,
      refrigerantId: w.r410a.id,
      fgasEquipmentType: 'stationaryHeatPump',
    });
    expect(changed).toMatchObject({
      gwp: 2088,
      refrigerantIsFgas: true,
      co2eTonnes: '4.176',
      leakCheckIntervalMonths: null,
    });
  });

  it('refuses a client-written GWP or CO2e', async () => {
    const res = await http.post(`${MACHINES}/${w.machine.id}`, w.admin, {
      version: w.machine.version,
      co2eTonnes: '1.000',
    });
    expect(res.statusCode).toBe(400);
    expect(paths(res.body)).toEqual(['co2eTonnes']);
  });
});

describe('F-gas register', () => {
  const record = (activityId: string, extra: Record<string, unknown> = {}) => ({
    activityId,
    machineId: w.machine.id,
    technicianId: w.tecnico.id,
    interventionType: 'leakCheck',
    interventionDate: '2025-01-20',
    quantityAddedKg: '0',
    quantityRecoveredKg: '0',
    leakCheckResult: 'noLeak',
    companyCertificateNumber: 'IT-FGAS-IMPRESA-0042',
    bancaDatiStatus: 'toReport',
    ...extra,
  });

  it('snapshots the machine, computes the 30-day Banca Dati deadline and moves the machine’s next check', async () => {
    const activity = await w.activity([w.tecnico.id]);
    const created = await http.create(FGAS, w.admin, record(activity.id));
    expect(created).toMatchObject({
      gasCode: 'R410A',
      gwp: 2088,
      chargeKg: '12.500',
      co2eTonnes: '26.100',
      technicianCertificateNumber: 'IT-FGAS-Luca',
      operatorName: 'Supermercati Rossi S.r.l.',
      operatorTaxCode: '00743110157',
      bancaDatiDueDate: '2025-02-19',
      followUpCheckDueDate: null,
      bancaDatiStatus: 'toReport',
    });
    expect(created.siteAddress).toMatchObject({ city: 'Milano' });
    const m = await http.ok('GET', `${MACHINES}/${w.machine.id}`, w.admin);
    expect(m).toMatchObject({ lastLeakCheckDate: '2025-01-20', nextLeakCheckDue: '2026-01-20' });
  });

  it('computes the follow-up check one month after a leak is found or repaired', async () => {
    const activity = await w.activity([w.tecnico.id]);
    const found = await http.create(
      FGAS,
      w.admin,
      record(activity.id, {
        leakCheckResult: 'leakFound',
        leakLocation: 'Saldatura sul collettore',
        interventionDate: '2025-01-31',
      }),
    );
    expect(found.followUpCheckDueDate).toBe('2025-02-28');
    const repaired = await http.create(
      FGAS,
      w.admin,
      record(activity.id, {
        interventionType: 'repair',
        leakCheckResult: 'leakRepaired',
        leakLocation: 'Valvola Schrader',
        repairDescription: 'Sostituita la valvola',
        repairDate: '2025-02-03',
        quantityAddedKg: '1.2',
        addedGasOrigin: 'virgin',
        interventionDate: '2025-02-01',
      }),
    );
    expect(repaired.followUpCheckDueDate).toBe('2025-03-03');
  });

  it('names the conditional fields a record lacks', async () => {
    const activity = await w.activity([w.tecnico.id]);
    const res = await http.post(
      FGAS,
      w.admin,
      record(activity.id, {
        interventionType: 'installation',
        leakCheckResult: null,
        quantityAddedKg: '2',
        bancaDatiStatus: 'reported',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(paths(res.body).sort()).toEqual(
      [
        'addedGasOrigin',
        'bancaDatiReference',
        'bancaDatiReportedAt',
        'equipmentPurchaseDocDate',
        'equipmentPurchaseDocNumber',
      ].sort(),
    );
  });

  it('needs an F-gas machine of the activity and a technician certified on the day', async () => {
    const activity = await w.activity([w.tecnico.id]);
    const late = await http.post(FGAS, w.admin, record(activity.id, { interventionDate: '2019-06-01' }));
    expect(late.statusCode).toBe(400);
    expect(late.json().errors[0]).toMatchObject({ path: 'technicianId', key: 'validation.wfm.certificateExpired' });
    const propane = await machine({ refrigerantId: w.r290.id, refrigerantChargeKg: '0.3' });
    const notFgas = await http.post(FGAS, w.admin, record(activity.id, { machineId: propane.id }));
    expect(notFgas.statusCode).toBe(400);
    expect(paths(notFgas.body).sort()).toEqual(['activityId', 'machineId']);
  });

  it('is never deleted, and is locked once reported', async () => {
    const activity = await w.activity([w.tecnico.id]);
    const created = await http.create(FGAS, w.admin, record(activity.id));
    expect((await http.del(`${FGAS}/${created.id}`, w.admin)).statusCode).toBe(403);
    const reported = await http.ok('POST', `${FGAS}/${created.id}`, w.admin, {
      version: created.version,
      bancaDatiStatus: 'reported',
      bancaDatiReportedAt: '2025-02-10',
      bancaDatiReference: 'BD-2025-000123',
    });
    const locked = await http.post(`${FGAS}/${created.id}`, w.admin, {
      version: reported.version,
      notes: 'Correzione',
    });
    expect(locked.statusCode).toBe(409);
    expect(paths(locked.body)).toEqual(['bancaDatiStatus']);
  });
});

describe('activities', () => {
  it('are numbered INT/<year>/<5 digits> in order and start assigned', async () => {
    const a = await w.activity([w.tecnico.id]);
    const b = await w.activity([w.tecnico.id]);
    expect(a.number).toMatch(new RegExp(`^INT/${YEAR}/\\d{5}$`));
    expect(Number(String(b.number).slice(-5))).toBe(Number(String(a.number).slice(-5)) + 1);
    expect(a).toMatchObject({ status: 'assigned', planState: 'published', billingMode: 'chargeable' });
  });

  it('refuses a status written by the client: only actions change it', async () => {
    const res = await http.post(ACTIVITIES, w.admin, {
      customerId: w.customerA.id,
      siteId: w.siteA.id,
      type: 'repair',
      priority: 'high',
      billingMode: 'chargeable',
      title: 'Perdita',
      technicianIds: [w.tecnico.id],
      status: 'completed',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'status', key: 'validation.readOnly' });
  });

  it('checks the team, the slot and the site against the customer', async () => {
    const noLead = await http.post(ACTIVITIES, w.admin, {
      customerId: w.customerA.id,
      siteId: w.siteA.id,
      type: 'repair',
      priority: 'high',
      billingMode: 'chargeable',
      title: 'Perdita',
      technicianIds: [w.tecnico.id, w.other.id],
      scheduledStart: '2026-03-02T12:00:00Z',
      scheduledEnd: '2026-03-02T08:00:00Z',
    });
    expect(noLead.statusCode).toBe(400);
    expect(paths(noLead.body).sort()).toEqual(['leadTechnicianId', 'scheduledEnd']);
    const outsider = await http.post(ACTIVITIES, w.admin, {
      customerId: w.customerA.id,
      siteId: w.siteA.id,
      type: 'repair',
      priority: 'high',
      billingMode: 'chargeable',
      title: 'Perdita',
      technicianIds: [w.tecnico.id],
      leadTechnicianId: w.other.id,
    });
    expect(paths(outsider.body)).toEqual(['leadTechnicianId']);
    const wrongSite = await http.post(ACTIVITIES, w.admin, {
      customerId: w.customerA.id,
      siteId: w.siteB.id,
      type: 'repair',
      priority: 'high',
      billingMode: 'chargeable',
      title: 'Perdita',
      technicianIds: [w.tecnico.id],
    });
    expect(wrongSite.statusCode).toBe(400);
    expect(wrongSite.json().errors[0]).toMatchObject({ path: 'siteId', key: 'validation.wfm.siteOfAnotherCustomer' });
  });

  it('computes material line totals and the materials total exactly, and needs an item or product per line', async () => {
    const base = {
      customerId: w.customerA.id,
      siteId: w.siteA.id,
      type: 'repair',
      priority: 'high',
      billingMode: 'chargeable',
      title: 'Materiali',
      technicianIds: [w.tecnico.id],
    };
    const missing = await http.post(ACTIVITIES, w.admin, {
      ...base,
      materials: [{ description: 'Gas', quantity: '1', uom: 'pz' }],
    });
    expect(missing.statusCode).toBe(400);
    expect(paths(missing.body)).toEqual(['materials.0.itemId']);
    const itemId = (
      await http.create('/warehouse/api/items', w.admin, {
        sku: 'RAME-14',
        name: 'Tubo rame 1/4"',
        uom: 'm',
        tracking: 'none',
      })
    ).id;
    const created = await http.create(ACTIVITIES, w.admin, {
      ...base,
      materials: [
        { itemId, description: 'Rame 1/4"', quantity: '2.5', uom: 'm', unitPrice: '3.33333333', discountPercent: '10' },
        { itemId, description: 'Filtro', quantity: '3', uom: 'pz', unitPrice: '0.10' },
      ],
    });
    // 2.5 × 3.33333333 × 0.9 = 7.4999999925 -> 7.50; 3 × 0.10 = 0.30.
    expect((created.materials as { lineTotal: string }[]).map((l) => l.lineTotal)).toEqual(['7.50', '0.30']);
    expect(created.materialsTotal).toBe('7.80');
  });
});

describe('record-level scope: a technician sees only the activities assigned to them', () => {
  let mine: { id: string };
  let theirs: { id: string };
  let shared: { id: string };

  beforeAll(async () => {
    mine = await w.activity([w.tecnico.id]);
    theirs = await w.activity([w.other.id]);
    shared = await w.activity([w.other.id, w.tecnico.id]);
  });

  const ids = async (headers: Record<string, string>, query = '') => {
    const res = await http.get(`${ACTIVITIES}?pageSize=100${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { id: string; technicianIds: string[] }[]; total: number };
    return body;
  };

  it('lists only their own activities, the total included', async () => {
    const list = await ids(w.tecnicoAuth);
    expect(list.data.length).toBe(list.total);
    expect(list.data.every((a) => a.technicianIds.includes(w.tecnico.id))).toBe(true);
    expect(list.data.map((a) => a.id)).toEqual(expect.arrayContaining([mine.id, shared.id]));
    expect(list.data.map((a) => a.id)).not.toContain(theirs.id);
  });

  it('answers 404 for another technician’s activity, and reads their own', async () => {
    expect((await http.get(`${ACTIVITIES}/${theirs.id}`, w.tecnicoAuth)).statusCode).toBe(404);
    expect((await http.get(`${ACTIVITIES}/${mine.id}`, w.tecnicoAuth)).statusCode).toBe(200);
  });

  it('answers 404 for their own draft: only published activities reach the technician', async () => {
    const draft = await w.activity([w.tecnico.id], {}, { publish: false });
    expect((await http.get(`${ACTIVITIES}/${draft.id}`, w.tecnicoAuth)).statusCode).toBe(404);
    expect((await ids(w.tecnicoAuth)).data.map((a) => a.id)).not.toContain(draft.id);
    expect((await http.get(`${ACTIVITIES}/${draft.id}`, w.admin)).statusCode).toBe(200);
  });

  it('filters by status within their own (the technician area’s status routes)', async () => {
    const assigned = await ids(
      w.tecnicoAuth,
      '&filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=assigned',
    );
    expect(assigned.data.map((a) => a.id)).toEqual(expect.arrayContaining([mine.id, shared.id]));
    expect(assigned.data.map((a) => a.id)).not.toContain(theirs.id);
    const billed = await ids(
      w.tecnicoAuth,
      '&filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=approvedNotBilled',
    );
    expect(billed.total).toBe(0);
  });

  it('lets the administrator see every activity', async () => {
    const list = await ids(w.admin);
    expect(list.data.map((a) => a.id)).toEqual(expect.arrayContaining([mine.id, theirs.id, shared.id]));
  });

  it('leaves create, delete and the office fields to the administrator', async () => {
    const stored = await http.ok('GET', `${ACTIVITIES}/${mine.id}`, w.admin);
    expect(
      (await http.post(`${ACTIVITIES}/${mine.id}`, w.tecnicoAuth, { version: stored.version, title: 'x' })).statusCode,
    ).toBe(403);
    expect((await http.del(`${ACTIVITIES}/${mine.id}`, w.tecnicoAuth)).statusCode).toBe(403);
    expect((await http.post(ACTIVITIES, w.tecnicoAuth, {})).statusCode).toBe(403);
  });

  it('keeps another tenant out: a globex technician sees none of acme’s', async () => {
    const globex = await server.auth('globex', 'tecnico');
    expect((await ids(globex)).total).toBe(0);
    expect((await http.get(`${ACTIVITIES}/${mine.id}`, globex)).statusCode).toBe(404);
  });
});
