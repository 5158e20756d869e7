import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, paths, type Row } from './wfm-fixture';

let server: TestServer;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;
let http: ReturnType<typeof api>;

const ACTIVITIES = '/wfm/api/activities';
const act = (id: string, action: string) => `${ACTIVITIES}/${id}/actions/${action}`;

/** The technician's van with stock, the items they use, the product that prices the filter. */
let van: Row;
let filter: Row;
let gasItem: Row;
let pipe: Row;

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWfmWorld(server);
  const { admin } = w;
  van = await http.create('/warehouse/api/warehouses', admin, {
    code: 'VAN01',
    name: 'Furgone Luca',
    type: 'van',
    technicianId: w.tecnico.id,
  });
  const technician = await http.ok('GET', `/wfm/api/technicians/${w.tecnico.id}`, admin);
  await http.ok('POST', `/wfm/api/technicians/${w.tecnico.id}`, admin, {
    version: technician.version,
    vanWarehouseId: van.id,
  });
  const vat = (await http.get('/sales/api/vat-rates?pageSize=1', admin)).json().data[0] as Row;
  const list = (await http.get('/sales/api/price-lists?pageSize=1', admin)).json().data[0] as Row;
  const product = await http.create('/sales/api/products', admin, {
    code: 'FILTRO-G4',
    name: 'Filtro G4 (vendita)',
    type: 'goods',
    uom: 'pz',
    vatRateId: vat.id,
    prices: [{ priceListId: list.id, unitPrice: '12.50', validFrom: '2020-01-01' }],
  });
  const item = (body: Record<string, unknown>) =>
    http.create('/warehouse/api/items', admin, { tracking: 'none', ...body });
  filter = await item({ sku: 'FLT-G4', name: 'Filtro G4 500x500', uom: 'pz', productId: product.id });
  pipe = await item({ sku: 'TUBO-14', name: 'Tubo rame 1/4', uom: 'm' });
  gasItem = await item({
    sku: 'GAS-410',
    name: 'Bombola R410A 10 kg',
    uom: 'kg',
    isRefrigerant: true,
    refrigerantId: w.r410a.id,
  });
  for (const [it, quantity] of [
    [filter, '10'],
    [pipe, '25'],
    [gasItem, '50'],
  ] as const)
    await http.create('/warehouse/api/movements', admin, {
      type: 'in',
      date: ago(60),
      itemId: it.id,
      quantity,
      toWarehouseId: van.id,
      unitCost: '5.00',
      state: 'done',
    });
});
afterAll(async () => {
  await server?.close();
});

/** A published activity of `tecnico` (the technician side reaches only published ones). */
const job = (extra: Record<string, unknown> = {}, technicianIds = [w.tecnico.id]) => w.activity(technicianIds, extra);

const run = (record: Row, action: string, headers = w.tecnicoAuth, input: Record<string, unknown> = {}) =>
  http.ok('POST', act(record.id, action), headers, { version: record.version, ...input });

describe('time tracking: startWork, pauseWork, stopWork', () => {
  it('opens an entry for the acting technician and closes it on pause and stop', async () => {
    const a = await job();
    expect(a).toMatchObject({ workState: 'notStarted', timeEntries: null, workedMinutes: 0 });
    const started = await run(a, 'startWork');
    expect(started.workState).toBe('running');
    expect(started.timeEntries).toEqual([
      { id: expect.any(String), technicianId: w.tecnico.id, start: expect.any(String), end: null },
    ]);
    const paused = await run(started, 'pauseWork');
    expect(paused.workState).toBe('paused');
    const [entry] = paused.timeEntries as { start: string; end: string | null }[];
    expect(entry.end).toEqual(expect.any(String));
    expect(Date.parse(entry.end!)).toBeGreaterThanOrEqual(Date.parse(entry.start));
    const again = await run(paused, 'startWork');
    expect((again.timeEntries as unknown[]).length).toBe(2);
    const stopped = await run(again, 'stopWork');
    expect(stopped.workState).toBe('stopped');
    expect((stopped.timeEntries as { end: string | null }[]).every((e) => e.end !== null)).toBe(true);
    expect(stopped.workedMinutes).toBe(0);
  });

  it('writes the lead technician when an administrator who is not on the team starts the clock', async () => {
    const a = await job({ leadTechnicianId: w.other.id }, [w.tecnico.id, w.other.id]);
    const started = await run(a, 'startWork', w.admin);
    expect((started.timeEntries as { technicianId: string }[])[0].technicianId).toBe(w.other.id);
  });

  it('refuses a transition the clock does not allow, and any once the activity is completed (409)', async () => {
    const a = await job();
    const pause = await http.post(act(a.id, 'pauseWork'), w.tecnicoAuth, { version: a.version });
    expect(pause.statusCode).toBe(409);
    expect(paths(pause.body)).toEqual(['workState']);
    const completed = await run(a, 'complete', w.admin, {
      actualStart: '2026-01-12T08:00:00Z',
      actualEnd: '2026-01-12T10:30:00Z',
      resolution: 'Fatto.',
    });
    const start = await http.post(act(a.id, 'startWork'), w.tecnicoAuth, { version: completed.version });
    expect(start.statusCode).toBe(409);
    expect(paths(start.body)).toEqual(['status']);
  });

  it('keeps the entries read-only: an update naming them is refused', async () => {
    const a = await job();
    const res = await http.post(`${ACTIVITIES}/${a.id}`, w.admin, {
      version: a.version,
      timeEntries: [{ technicianId: w.tecnico.id, start: '2026-01-12T08:00:00Z', end: null }],
    });
    expect(res.statusCode).toBe(400);
    expect(paths(res.body)).toEqual(['timeEntries']);
  });
});

describe('technician updates of their own job', () => {
  const checklist = [
    { description: 'Pulizia filtri', required: true, done: false },
    { description: 'Controllo pressioni', required: false, done: false },
  ];
  const update = (record: Row, body: Record<string, unknown>, headers: Record<string, string> = w.tecnicoAuth) =>
    http.post(`${ACTIVITIES}/${record.id}`, headers, { version: record.version, ...body });

  it('lets the technician write notes, the resolution and ticks, then complete with the required item done', async () => {
    const a = await job({ checklist });
    const lines = (a.checklist as Row[]).map((line) => ({ ...line, done: true }));
    const res = await update(a, {
      notes: 'Cliente assente, chiavi dal custode.',
      resolution: 'Filtri puliti.',
      checklist: lines,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data as Row;
    expect(updated.notes).toBe('Cliente assente, chiavi dal custode.');
    expect((updated.checklist as Row[]).map((line) => line.done)).toEqual([true, true]);
    const completed = await run(updated, 'complete', w.tecnicoAuth, {
      actualStart: '2026-01-12T08:00:00Z',
      actualEnd: '2026-01-12T10:30:00Z',
      resolution: 'Filtri puliti.',
    });
    expect(completed.status).toBe('completed');
  });

  it('refuses the office fields with 403 naming each of them', async () => {
    const a = await job();
    const res = await update(a, { title: 'Altro', priority: 'urgent', notes: 'ok', scheduledStart: a.scheduledStart });
    expect(res.statusCode).toBe(403);
    expect(paths(res.body).sort()).toEqual(['priority', 'title']);
    expect((await http.ok('GET', `${ACTIVITIES}/${a.id}`, w.admin)).notes).toBeNull();
  });

  it('lets the technician tick the checklist but not rewrite, add or remove its lines (403)', async () => {
    const a = await job({ checklist });
    const stored = a.checklist as Row[];
    for (const lines of [
      [{ ...stored[0], description: 'Altro' }, stored[1]],
      [{ ...stored[0], required: false }, stored[1]],
      [stored[0]],
      [...stored, { description: 'Nuova', required: false, done: true }],
    ]) {
      const res = await update(a, { checklist: lines });
      expect(res.statusCode, JSON.stringify(lines)).toBe(403);
      expect(paths(res.body)).toEqual(['checklist']);
    }
  });

  it('takes no change once the activity is completed (409), and none on another technician’s job (404)', async () => {
    const a = await job();
    const completed = await run(a, 'complete', w.admin, {
      actualStart: '2026-01-12T08:00:00Z',
      actualEnd: '2026-01-12T10:30:00Z',
      resolution: 'Fatto.',
    });
    const late = await update(completed, { notes: 'dopo' });
    expect(late.statusCode).toBe(409);
    expect(paths(late.body)).toEqual(['status']);
    const theirs = await job({}, [w.other.id]);
    expect((await update(theirs, { notes: 'mio' })).statusCode).toBe(404);
  });

  it('leaves administrators free to edit the office fields as before', async () => {
    const a = await job();
    const res = await update(a, { title: 'Manutenzione straordinaria' }, w.admin);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('material and F-gas lines', () => {
  const update = (record: Row, body: Record<string, unknown>, headers: Record<string, string> = w.tecnicoAuth) =>
    http.post(`${ACTIVITIES}/${record.id}`, headers, { version: record.version, ...body });

  it('fills an item line from the item, its product price and the technician’s van', async () => {
    const a = await job();
    const res = await update(a, { materials: [{ itemId: filter.id, quantity: '2' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Row).materials).toEqual([
      expect.objectContaining({
        itemId: filter.id,
        productId: filter.productId,
        description: 'Filtro G4 500x500',
        uom: 'pz',
        unitPrice: '12.50000000',
        sourceWarehouseId: van.id,
        lineTotal: '25.00',
      }),
    ]);
  });

  it('keeps what the line states, and takes the item’s unit', async () => {
    const a = await job();
    const res = await update(a, {
      materials: [{ itemId: pipe.id, quantity: '2.5', uom: 'pz', description: 'Tubo per linea', unitPrice: '4.00' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Row).materials).toEqual([
      expect.objectContaining({ description: 'Tubo per linea', uom: 'm', quantity: '2.500', unitPrice: '4.00000000' }),
    ]);
  });

  it('refuses decimals of a unit counted in pieces, for administrators too (400 naming the quantity)', async () => {
    const a = await job();
    for (const headers of [w.tecnicoAuth, w.admin]) {
      const res = await update(
        a,
        {
          materials: [
            { itemId: pipe.id, quantity: '1' },
            { itemId: filter.id, quantity: '2.5' },
          ],
        },
        headers,
      );
      expect(res.statusCode).toBe(400);
      expect(paths(res.body)).toEqual(['materials.1.quantity']);
    }
  });

  it('refuses a gas that is not the machine’s, and more gas than the machine holds (400 naming the path)', async () => {
    const a = await job();
    const line = {
      machineId: w.machine.id,
      refrigerantId: w.r410a.id,
      cylinderItemId: gasItem.id,
      cylinderLot: 'L-2026-01',
      addedGasOrigin: 'virgin',
    };
    const wrongGas = await update(a, {
      fgasMaterials: [{ ...line, refrigerantId: w.r1234yf.id, quantityAddedKg: '1' }],
    });
    expect(wrongGas.statusCode).toBe(400);
    expect(paths(wrongGas.body)).toEqual(['fgasMaterials.0.refrigerantId']);
    const tooMuch = await update(
      a,
      {
        fgasMaterials: [
          { ...line, quantityAddedKg: '10' },
          { ...line, quantityAddedKg: '3' },
        ],
      },
      { ...w.tecnicoAuth, 'accept-language': 'it' },
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(paths(tooMuch.body)).toEqual(['fgasMaterials.1.quantityAddedKg']);
    expect(tooMuch.json().errors[0].message).toContain('12,5');
    const foreign = await update(a, {
      fgasMaterials: [{ ...line, machineId: crypto.randomUUID(), quantityAddedKg: '1' }],
    });
    expect(foreign.statusCode).toBe(400);
    const stranger = await update(a, { fgasMaterials: [{ ...line, quantityAddedKg: '1', technicianId: w.other.id }] });
    expect(stranger.statusCode).toBe(400);
    expect(paths(stranger.body)).toEqual(['fgasMaterials.0.technicianId']);
    const ok = await update(a, { fgasMaterials: [{ ...line, quantityAddedKg: '1.2' }] });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('completion: stock, F-gas register and machine in one transaction', () => {
  const list = async (url: string, filters: [string, string, string][]) => {
    const params = new URLSearchParams({ pageSize: '100' });
    filters.forEach(([field, operator, value], i) => {
      params.append(`filters[${i}][field]`, field);
      params.append(`filters[${i}][operator]`, operator);
      params.append(`filters[${i}][value]`, value);
    });
    const res = await http.get(`${url}?${params}`, w.admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row[];
  };
  const onHand = async (itemId: string) =>
    (
      await list('/warehouse/api/stocks', [
        ['itemId', 'eq', itemId],
        ['warehouseId', 'eq', van.id],
      ])
    )[0]?.onHand;
  const gasLine = {
    machineId: '',
    refrigerantId: '',
    cylinderItemId: '',
    cylinderLot: 'L-2026-07',
    quantityAddedKg: '1.2',
    addedGasOrigin: 'virgin',
  };
  const done = (resolution = 'Controllo eseguito, nessuna perdita.') => ({
    actualStart: ago(120),
    actualEnd: ago(10),
    resolution,
  });
  /** A published leak check of tecnico with a material from the van and a gas line on the machine. */
  const leakCheck = (materials: Record<string, unknown>[]) =>
    job({
      type: 'leakCheck',
      materials,
      fgasMaterials: [{ ...gasLine, machineId: w.machine.id, refrigerantId: w.r410a.id, cylinderItemId: gasItem.id }],
    });

  it('moves the van stock, writes the register and the machine’s last check, and stops the clock', async () => {
    const before = { filter: await onHand(filter.id), pipe: await onHand(pipe.id), gas: await onHand(gasItem.id) };
    let a = await leakCheck([
      { itemId: filter.id, quantity: '2' },
      { itemId: pipe.id, quantity: '1.5' },
    ]);
    a = await run(a, 'startWork');
    const input = done();
    const completed = await run(a, 'complete', w.tecnicoAuth, input);
    expect(completed).toMatchObject({ status: 'completed', workState: 'stopped' });
    expect((completed.timeEntries as Row[]).every((e) => e.end !== null)).toBe(true);
    expect(await onHand(filter.id)).toBe((Number(before.filter) - 2).toFixed(3));
    expect(await onHand(pipe.id)).toBe((Number(before.pipe) - 1.5).toFixed(3));
    // The gas charged leaves the van's cylinder (DOMAIN.md, ActivityFgasMaterial).
    expect(await onHand(gasItem.id)).toBe((Number(before.gas) - 1.2).toFixed(3));
    const moved = await list('/warehouse/api/movements', [['sourceId', 'eq', a.id]]);
    expect(moved.map((m) => [m.type, m.itemId, m.fromWarehouseId, m.quantity])).toEqual(
      expect.arrayContaining([
        ['out', filter.id, van.id, '2.000'],
        ['out', pipe.id, van.id, '1.500'],
        ['out', gasItem.id, van.id, '1.200'],
      ]),
    );
    expect(moved).toHaveLength(3);
    const register = await list('/wfm/api/fgas-activities', [['activityId', 'eq', a.id]]);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(input.actualEnd));
    expect(register).toEqual([
      expect.objectContaining({
        machineId: w.machine.id,
        interventionType: 'leakCheck',
        interventionDate: day,
        technicianId: w.tecnico.id,
        companyCertificateNumber: 'IT-FGAS-IMP-004217',
        quantityAddedKg: '1.200',
        leakCheckResult: 'noLeak',
        gasCode: 'R410A',
      }),
    ]);
    const machine = await http.ok('GET', `/wfm/api/machines/${w.machine.id}`, w.admin);
    expect(machine.lastLeakCheckDate).toBe(day);
    expect(machine.nextLeakCheckDue).toBe(`${Number(day.slice(0, 4)) + 1}${day.slice(4)}`);
  });

  it('changes nothing when a posting fails midway: the second line lacks stock (409 naming the item)', async () => {
    const before = { filter: await onHand(filter.id), pipe: await onHand(pipe.id) };
    const a = await leakCheck([
      { itemId: filter.id, quantity: '1' },
      { itemId: pipe.id, quantity: '500' },
    ]);
    const res = await http.post(
      act(a.id, 'complete'),
      { ...w.tecnicoAuth, 'accept-language': 'it' },
      {
        version: a.version,
        ...done(),
      },
    );
    expect(res.statusCode).toBe(409);
    expect(paths(res.body)).toEqual(['materials.1.quantity']);
    const message = res.json().errors[0].message as string;
    expect(message).toContain('Tubo rame 1/4');
    expect(message).toContain(
      `disponibili ${String(before.pipe)
        .replace(/\.?0+$/, '')
        .replace('.', ',')} m`,
    );
    expect(await onHand(filter.id)).toBe(before.filter);
    expect(await onHand(pipe.id)).toBe(before.pipe);
    expect(await list('/warehouse/api/movements', [['sourceId', 'eq', a.id]])).toEqual([]);
    expect(await list('/wfm/api/fgas-activities', [['activityId', 'eq', a.id]])).toEqual([]);
    expect((await http.ok('GET', `${ACTIVITIES}/${a.id}`, w.admin)).status).toBe('assigned');
  });

  it('completes once under a double tap: both answer the completed record, the postings happen once', async () => {
    const before = await onHand(filter.id);
    const a = await leakCheck([{ itemId: filter.id, quantity: '1' }]);
    const body = { version: a.version, ...done() };
    const [first, second] = await Promise.all([
      http.post(act(a.id, 'complete'), w.tecnicoAuth, body),
      http.post(act(a.id, 'complete'), w.tecnicoAuth, body),
    ]);
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([200, 200]);
    expect(second.json().data.version).toBe(first.json().data.version);
    expect(await list('/warehouse/api/movements', [['sourceId', 'eq', a.id]])).toHaveLength(2);
    expect(await list('/wfm/api/fgas-activities', [['activityId', 'eq', a.id]])).toHaveLength(1);
    expect(await onHand(filter.id)).toBe((Number(before) - 1).toFixed(3));
    // A later retry of the same request still answers 200; another request is refused.
    const retry = await http.post(act(a.id, 'complete'), w.tecnicoAuth, body);
    expect(retry.statusCode).toBe(200);
    const other = await http.post(act(a.id, 'complete'), w.tecnicoAuth, { ...body, resolution: 'Altro esito.' });
    expect(other.statusCode).toBe(409);
    expect(await list('/warehouse/api/movements', [['sourceId', 'eq', a.id]])).toHaveLength(2);
  });

  it('lets one of two different concurrent completions through (the other 409), posting once', async () => {
    const a = await leakCheck([{ itemId: filter.id, quantity: '1' }]);
    const results = await Promise.all([
      http.post(act(a.id, 'complete'), w.tecnicoAuth, { version: a.version, ...done('Esito A.') }),
      http.post(act(a.id, 'complete'), w.admin, { version: a.version, ...done('Esito B.') }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await list('/warehouse/api/movements', [['sourceId', 'eq', a.id]])).toHaveLength(2);
    expect(await list('/wfm/api/fgas-activities', [['activityId', 'eq', a.id]])).toHaveLength(1);
  });
  it('writes the register record for the technician the gas line names', async () => {
    const a = await job(
      {
        type: 'repair',
        fgasMaterials: [
          {
            ...gasLine,
            machineId: w.machine.id,
            refrigerantId: w.r410a.id,
            cylinderItemId: gasItem.id,
            technicianId: w.other.id,
          },
        ],
      },
      [w.tecnico.id, w.other.id],
    );
    await run(a, 'complete', w.tecnicoAuth, done('Riparata la perdita.'));
    const register = await list('/wfm/api/fgas-activities', [['activityId', 'eq', a.id]]);
    expect(register).toEqual([
      expect.objectContaining({ technicianId: w.other.id, interventionType: 'repair', leakCheckResult: 'noLeak' }),
    ]);
  });

  it('undoes the postings when the office sends the job back, so completing it again posts once', async () => {
    const before = await onHand(filter.id);
    const gasBefore = await onHand(gasItem.id);
    const a = await leakCheck([{ itemId: filter.id, quantity: '1' }]);
    const completed = await run(a, 'complete', w.tecnicoAuth, done());
    const back = await run(completed, 'requestChanges', w.admin, { rejectionReason: 'Manca la foto.' });
    expect(back.status).toBe('assigned');
    expect(await onHand(filter.id)).toBe(before);
    expect(await onHand(gasItem.id)).toBe(gasBefore);
    expect(await list('/wfm/api/fgas-activities', [['activityId', 'eq', a.id]])).toEqual([]);
    const moved = await list('/warehouse/api/movements', [['sourceId', 'eq', a.id]]);
    expect(moved.map((m) => m.type).sort()).toEqual(['out', 'out', 'reversal', 'reversal']);
    await run(back, 'complete', w.tecnicoAuth, done());
    expect(await onHand(filter.id)).toBe((Number(before) - 1).toFixed(3));
    expect(await list('/wfm/api/fgas-activities', [['activityId', 'eq', a.id]])).toHaveLength(1);
  });
});

describe('deleting activities', () => {
  const complete = { actualStart: ago(120), actualEnd: ago(60), resolution: 'Fatto.' };
  const through = async (actions: [string, Record<string, unknown>?][]) => {
    let record = await w.activity([w.other.id], { billingMode: 'contract' });
    for (const [action, input] of actions) record = await run(record, action, w.admin, input);
    return record;
  };

  it('refuses to delete a billed, not billable or closed activity (409), and deletes an open one', async () => {
    const billed = await through([
      ['complete', complete],
      ['approve'],
      ['markBilled', { externalInvoiceRef: 'FT 12/2026' }],
    ]);
    const notBilled = await through([['complete', complete], ['approve'], ['markNotBillable']]);
    const closed = await through([['complete', complete], ['approve'], ['markNotBillable'], ['close']]);
    for (const record of [billed, notBilled, closed]) {
      const res = await http.del(`${ACTIVITIES}/${record.id}`, w.admin);
      expect(res.statusCode, String(record.status)).toBe(409);
      expect(paths(res.body)).toEqual(['status']);
    }
    const open = await w.activity([w.other.id]);
    expect((await http.del(`${ACTIVITIES}/${open.id}`, w.admin)).statusCode).toBe(200);
  });
});
