import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, type Row } from './wfm-fixture';

/**
 * What a technician reads (docs/tenancy-and-security.md#record-scopes): their published activities and
 * the records those name, their van and its stock; colleagues' private fields never
 * (docs/tenancy-and-security.md#private-fields).
 */

let server: TestServer;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;
let http: ReturnType<typeof api>;
let globex: Record<string, string>;

// A valid codice fiscale: the colleague's, which the technician must not read or find.
const COLLEAGUE_TAX_CODE = 'RSSMRA85T10A562S';

const world = {} as {
  published: Row;
  draft: Row;
  colleagues: Row;
  done: Row;
  farMachine: Row;
  contact: Row;
  strangerContact: Row;
  usedItem: Row;
  vanItem: Row;
  otherItem: Row;
  van: Row;
  otherVan: Row;
  fgasReached: Row;
  fgasFar: Row;
};

const list = async (url: string, headers: Record<string, string>) => {
  const res = await http.get(`${url}${url.includes('?') ? '&' : '?'}pageSize=100`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Row[]; total: number };
};
const ids = async (url: string, headers: Record<string, string>) => (await list(url, headers)).data.map((r) => r.id);
const status = async (url: string, headers: Record<string, string>) => (await http.get(url, headers)).statusCode;
const filter = (field: string, operator: string, value: string, i = 0) =>
  `filters[${i}][field]=${field}&filters[${i}][operator]=${operator}&filters[${i}][value]=${encodeURIComponent(value)}`;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWfmWorld(server);
  globex = await server.auth('globex', 'tecnico');
  const { admin } = w;
  const contact = (lastName: string) =>
    http.create('/address-book/api/contacts', admin, {
      kind: 'person',
      firstName: 'Anna',
      lastName,
      phone: '+393331112233',
    });
  world.contact = await contact('Verdi');
  world.strangerContact = await contact('Neri');
  await http.ok('POST', `/sales/api/sites/${w.siteA.id}`, admin, {
    version: w.siteA.version,
    primaryContactId: world.contact.id,
  });
  await http.ok('POST', `/wfm/api/technicians/${w.other.id}`, admin, {
    version: w.other.version,
    taxCode: COLLEAGUE_TAX_CODE,
    hourlyCost: '31.50',
  });
  await http.ok('POST', `/wfm/api/technicians/${w.tecnico.id}`, admin, {
    version: w.tecnico.version,
    hourlyCost: '29.00',
  });
  world.farMachine = await http.create('/wfm/api/machines', admin, {
    code: 'SPLIT-B',
    siteId: w.siteB.id,
    name: 'Split sala',
    equipmentCategory: 'splitAc',
    fgasEquipmentType: 'stationaryAirConditioning',
    refrigerantId: w.r410a.id,
    refrigerantChargeKg: '2.5',
    installationDate: '2021-05-10',
    status: 'active',
  });
  const item = (sku: string) =>
    http.create('/warehouse/api/items', admin, {
      sku,
      name: `Articolo ${sku}`,
      uom: 'pz',
      tracking: 'none',
      standardCost: '4.20',
    });
  world.usedItem = await item('FILTRO-01');
  world.vanItem = await item('RAME-14');
  world.otherItem = await item('VALVOLA-9');
  const van = (code: string, technicianId: string) =>
    http.create('/warehouse/api/warehouses', admin, {
      code,
      name: `Furgone ${code}`,
      type: 'van',
      technicianId,
      allowNegativeStock: true,
    });
  world.van = await van('VAN-LUCA', w.tecnico.id);
  world.otherVan = await van('VAN-PAOLO', w.other.id);
  const receipt = (itemId: string, toWarehouseId: string) =>
    http.create('/warehouse/api/movements', admin, {
      type: 'in',
      state: 'done',
      date: new Date(Date.now() - 60_000).toISOString(),
      itemId,
      quantity: '5',
      toWarehouseId,
      unitCost: '4.00',
    });
  await receipt(world.vanItem.id, world.van.id);
  await receipt(world.otherItem.id, world.otherVan.id);

  world.published = await w.activity([w.tecnico.id], {
    materials: [{ itemId: world.usedItem.id, quantity: '1', uom: 'pz' }],
  });
  // A draft at the other customer's site: it must open neither itself nor what it names.
  world.draft = await w.activity(
    [w.tecnico.id],
    { customerId: w.customerB.id, siteId: w.siteB.id, machineIds: [world.farMachine.id] },
    { publish: false },
  );
  world.colleagues = await w.activity([w.other.id], {
    customerId: w.customerB.id,
    siteId: w.siteB.id,
    machineIds: [world.farMachine.id],
  });
  // A colleague's past intervention on the machine the technician reaches: its history.
  const past = await w.activity([w.other.id], {
    title: 'Riparazione perdita',
    scheduledStart: '2025-06-03T08:00:00Z',
    scheduledEnd: '2025-06-03T12:00:00Z',
  });
  world.done = await http.ok('POST', `/wfm/api/activities/${past.id}/actions/complete`, admin, {
    version: past.version,
    actualStart: '2025-06-03T08:00:00Z',
    actualEnd: '2025-06-03T10:00:00Z',
    resolution: 'Saldata la perdita sul collettore.',
  });
  const fgas = (activityId: string, machineId: string, technicianId: string) =>
    http.create('/wfm/api/fgas-activities', admin, {
      activityId,
      machineId,
      technicianId,
      interventionType: 'leakCheck',
      interventionDate: '2025-06-03',
      quantityAddedKg: '0',
      quantityRecoveredKg: '0',
      leakCheckResult: 'noLeak',
      companyCertificateNumber: 'IT-FGAS-IMPRESA-0042',
      bancaDatiStatus: 'toReport',
    });
  world.fgasReached = await fgas(past.id, w.machine.id, w.other.id);
  world.fgasFar = await fgas(world.colleagues.id, world.farMachine.id, w.other.id);
});
afterAll(() => server?.close());

describe('activities: published and theirs only', () => {
  it('lists and reads their published activity, not their drafts nor a colleague’s', async () => {
    const mine = await ids('/wfm/api/activities', w.tecnicoAuth);
    expect(mine).toContain(world.published.id);
    expect(mine).not.toContain(world.draft.id);
    expect(mine).not.toContain(world.colleagues.id);
    expect(await status(`/wfm/api/activities/${world.published.id}`, w.tecnicoAuth)).toBe(200);
    expect(await status(`/wfm/api/activities/${world.draft.id}`, w.tecnicoAuth)).toBe(404);
    expect(await status(`/wfm/api/activities/${world.colleagues.id}`, w.tecnicoAuth)).toBe(404);
    // The office still sees the draft.
    expect(await status(`/wfm/api/activities/${world.draft.id}`, w.admin)).toBe(200);
  });
});

describe('the records their activities name', () => {
  const cases = () => [
    ['/sales/api/customers', w.customerA.id, w.customerB.id],
    ['/sales/api/sites', w.siteA.id, w.siteB.id],
    ['/wfm/api/machines', w.machine.id, world.farMachine.id],
    ['/address-book/api/contacts', world.contact.id, world.strangerContact.id],
    ['/warehouse/api/items', world.usedItem.id, world.otherItem.id],
    ['/wfm/api/fgas-activities', world.fgasReached.id, world.fgasFar.id],
  ];

  it('reads what their published activities name, and 404 for the rest', async () => {
    for (const [url, reached, unreached] of cases()) {
      expect(await status(`${url}/${reached}`, w.tecnicoAuth), url).toBe(200);
      expect(await status(`${url}/${unreached}`, w.tecnicoAuth), url).toBe(404);
      const listed = await ids(url, w.tecnicoAuth);
      expect(listed, url).toContain(reached);
      expect(listed, url).not.toContain(unreached);
      // The administrator reads both.
      expect(await status(`${url}/${unreached}`, w.admin), url).toBe(200);
    }
  });

  it('reads the items in stock in their van, and only their van and its stock', async () => {
    expect(await status(`/warehouse/api/items/${world.vanItem.id}`, w.tecnicoAuth)).toBe(200);
    expect(await ids('/warehouse/api/warehouses', w.tecnicoAuth)).toEqual([world.van.id]);
    expect(await status(`/warehouse/api/warehouses/${world.otherVan.id}`, w.tecnicoAuth)).toBe(404);
    const stocks = await list('/warehouse/api/stocks', w.tecnicoAuth);
    expect(stocks.total).toBe(1);
    expect(stocks.data[0]).toMatchObject({ itemId: world.vanItem.id, warehouseId: world.van.id, onHand: '5.000' });
  });

  it('keeps another tenant’s technician out of all of it', async () => {
    for (const [url, reached] of cases()) expect(await status(`${url}/${reached}`, globex), url).toBe(404);
    expect((await list('/sales/api/customers', globex)).total).toBe(0);
    expect(await status(`/wfm/api/activities/${world.published.id}`, globex)).toBe(404);
  });

  it('gives them no create, edit or delete', async () => {
    const customer = await http.ok('GET', `/sales/api/customers/${w.customerA.id}`, w.admin);
    expect((await http.post('/sales/api/customers', w.tecnicoAuth, {})).statusCode).toBe(403);
    const edit = await http.post(`/sales/api/customers/${w.customerA.id}`, w.tecnicoAuth, {
      version: customer.version,
      email: 'x@example.com',
    });
    expect(edit.statusCode).toBe(403);
    expect((await http.del(`/sales/api/sites/${w.siteA.id}`, w.tecnicoAuth)).statusCode).toBe(403);
    expect((await http.post('/warehouse/api/items', w.tecnicoAuth, {})).statusCode).toBe(403);
    expect((await http.post('/wfm/api/fgas-activities', w.tecnicoAuth, {})).statusCode).toBe(403);
    expect((await http.post('/address-book/api/contacts', w.tecnicoAuth, {})).statusCode).toBe(403);
  });
});

describe('private fields', () => {
  it('leaves a customer’s commercial terms out of list, show and getMany, keeping who and where', async () => {
    const shown = await http.ok('GET', `/sales/api/customers/${w.customerA.id}`, w.tecnicoAuth);
    const [listed] = (await list('/sales/api/customers', w.tecnicoAuth)).data;
    // getMany: the SPA's reference fields ask for ids with an `in` filter.
    const byIds = `/sales/api/customers?filters[0][field]=id&filters[0][operator]=in&filters[0][value][0]=${w.customerA.id}`;
    const [many] = (await list(byIds, w.tecnicoAuth)).data;
    for (const record of [shown, listed, many]) {
      expect(record).toMatchObject({ legalName: 'Supermercati Rossi S.r.l.', vatNumber: '00743110157' });
      expect(record).toHaveProperty('billingAddress');
      for (const name of ['creditLimit', 'paymentTermId', 'customerIban', 'discountPercent', 'notes', 'sdiCode'])
        expect(record, name).not.toHaveProperty(name);
    }
    const office = await http.ok('GET', `/sales/api/customers/${w.customerA.id}`, w.admin);
    expect(office).toHaveProperty('creditLimit');
    expect(office.sdiCode).toBe('0000000');
  });

  it('hides a colleague’s tax code and hourly cost, not their own', async () => {
    const colleague = await http.ok('GET', `/wfm/api/technicians/${w.other.id}`, w.tecnicoAuth);
    expect(colleague).toMatchObject({ firstName: 'Paolo' });
    expect(colleague).not.toHaveProperty('taxCode');
    expect(colleague).not.toHaveProperty('hourlyCost');
    const own = await http.ok('GET', `/wfm/api/technicians/${w.tecnico.id}`, w.tecnicoAuth);
    expect(own).toMatchObject({ firstName: 'Luca', hourlyCost: '29.00' });
    const listed = (await list('/wfm/api/technicians', w.tecnicoAuth)).data;
    expect(listed.find((t) => t.id === w.other.id)).not.toHaveProperty('hourlyCost');
    expect(listed.find((t) => t.id === w.tecnico.id)).toHaveProperty('hourlyCost', '29.00');
    const office = await http.ok('GET', `/wfm/api/technicians/${w.other.id}`, w.admin);
    expect(office).toMatchObject({ taxCode: COLLEAGUE_TAX_CODE, hourlyCost: '31.50' });
  });

  it('leaves an item’s costs out', async () => {
    const item = await http.ok('GET', `/warehouse/api/items/${world.usedItem.id}`, w.tecnicoAuth);
    expect(item).toMatchObject({ sku: 'FILTRO-01' });
    expect(item).not.toHaveProperty('standardCost');
    expect(item).not.toHaveProperty('averageCost');
  });

  it('refuses a filter or a sort on a private field (400 naming it), and q does not search them', async () => {
    const filtered = await http.get(`/wfm/api/technicians?${filter('hourlyCost', 'gt', '30')}`, w.tecnicoAuth);
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json().errors[0]).toMatchObject({ path: 'filters[0][field]' });
    expect(filtered.json().detail).toContain('hourlyCost');
    const sorted = await http.get('/sales/api/customers?options[sortBy]=creditLimit', w.tecnicoAuth);
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().errors[0]).toMatchObject({ path: 'options[sortBy]' });
    expect(sorted.json().detail).toContain('creditLimit');
    // The office may.
    expect(await status(`/wfm/api/technicians?${filter('hourlyCost', 'gt', '30')}`, w.admin)).toBe(200);
    const search = `/wfm/api/technicians?${filter('q', 'contains', COLLEAGUE_TAX_CODE)}`;
    expect((await list(search, w.admin)).total).toBe(1);
    expect((await list(search, w.tecnicoAuth)).total).toBe(0);
  });
});

describe('GET /wfm/api/machines/{id}/history', () => {
  const history = (id: string, query = '') => `/wfm/api/machines/${id}/history${query}`;

  it('lists the interventions done on a machine they reach, newest first, with who did them', async () => {
    const res = await http.get(history(w.machine.id), w.tecnicoAuth);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as { data: Record<string, unknown>[] };
    expect(data).toEqual([
      {
        id: world.done.id,
        number: world.done.number,
        type: 'maintenance',
        title: 'Riparazione perdita',
        status: 'completed',
        scheduledStart: '2025-06-03T08:00:00.000Z',
        completedAt: world.done.completedAt,
        resolution: 'Saldata la perdita sul collettore.',
        technicianNames: ['Paolo Bianchi'],
      },
    ]);
    // Their own open job on it is not history yet.
    expect(data.map((entry) => entry.id)).not.toContain(world.published.id);
    expect((await http.get(history(w.machine.id, '?limit=50'), w.admin)).statusCode).toBe(200);
  });

  it('answers 404 for a machine out of reach, of another tenant or unknown', async () => {
    expect(await status(history(world.farMachine.id), w.tecnicoAuth)).toBe(404);
    expect(await status(history(w.machine.id), globex)).toBe(404);
    expect(await status(history('00000000-0000-4000-8000-000000000000'), w.admin)).toBe(404);
    expect(await status(history('not-an-id'), w.admin)).toBe(404);
    expect(await status(history(world.farMachine.id), w.admin)).toBe(200);
  });

  it('refuses a limit outside 1..50 or any other parameter, naming it', async () => {
    for (const query of ['?limit=0', '?limit=51', '?limit=abc', '?limit=1.5', '?limit=']) {
      const res = await http.get(history(w.machine.id, query), w.tecnicoAuth);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].path, query).toBe('limit');
    }
    const unknown = await http.get(history(w.machine.id, '?page=2'), w.tecnicoAuth);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('page');
    expect(await status(history(w.machine.id), await server.auth('acme', 'utente'))).toBe(403);
  });
});
