import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WarehouseApi } from './warehouse-fixture';

let api: WarehouseApi;
let supplierId: string;
let main: string;
let shelf: string;
let filter: string;
let gas: string;

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

beforeAll(async () => {
  api = await WarehouseApi.start();
  supplierId = (await api.supplier()).id;
  main = (await api.warehouse()).id;
  shelf = (await api.location(main, { code: 'A-01-01' })).id;
  filter = (await api.item({ standardCost: '12.00' })).id;
  gas = (await api.item({ uom: 'kg', tracking: 'lot' })).id;
}, 120_000);

afterAll(() => api?.close());

let numbers = 0;
const ddt = (extra: Record<string, unknown> = {}) => ({
  supplierId,
  number: `${++numbers}/26`,
  date: today(),
  destinationWarehouseId: main,
  transportReason: 'purchase',
  transportBy: 'sender',
  lines: [
    {
      itemId: filter,
      description: 'Filtro deidratatore DML 083',
      quantity: '10',
      unitPrice: '14.90',
      locationId: shelf,
    },
    { itemId: gas, description: 'R32 bombola 9 kg', quantity: '9', lotNumber: 'R32-2611-01', locationId: shelf },
    { description: 'Spese di trasporto', quantity: '1', uom: 'pz', unitPrice: '15.00' },
  ],
  ...extra,
});

const errorsOf = async (body: Record<string, unknown>, url = '/warehouse/api/incoming-ddts') => {
  const { status, problem } = await api.refused('POST', url, body);
  return { status, paths: problem.errors.map((e) => `${e.path}:${e.key}`).sort() };
};

describe('incoming DDTs', () => {
  it('registers a draft with our number, numbered lines and the items’ units', async () => {
    const created = await api.create('incoming-ddts', ddt());
    expect(created.internalRef).toMatch(/^DDT-IN\/\d{4}\/\d{4}$/);
    expect(created.status).toBe('draft');
    const lines = created.lines as Record<string, unknown>[];
    expect(lines.map((l) => [l.lineNo, l.uom])).toEqual([
      [1, 'pz'],
      [2, 'kg'],
      [3, 'pz'],
    ]);
    const next = await api.create('incoming-ddts', ddt());
    expect(Number(String(next.internalRef).slice(-4))).toBe(Number(String(created.internalRef).slice(-4)) + 1);
  });

  it('checks lines, dates, weights and the carrier', async () => {
    expect(await errorsOf(ddt({ lines: [] }))).toEqual({ status: 400, paths: ['lines:validation.required'] });
    const bad = await errorsOf(ddt({ lines: [{ itemId: filter, quantity: '0', locationId: shelf }] }));
    expect(bad).toEqual({
      status: 400,
      paths: ['lines.0.description:validation.required', 'lines.0.quantity:validation.minValue'],
    });
    // A line without an item is only described: it needs its own unit.
    expect((await errorsOf(ddt({ lines: [{ description: 'Imballo', quantity: '1' }] }))).paths).toEqual([
      'lines.0.uom:validation.required',
    ]);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await errorsOf(ddt({ date: tomorrow }))).paths).toEqual(['date:validation.wh.futureDate']);
    expect((await errorsOf(ddt({ grossWeightKg: '10.000', netWeightKg: '12.500' }))).paths).toEqual([
      'netWeightKg:validation.wh.netOverGross',
    ]);
    expect((await errorsOf(ddt({ transportBy: 'carrier' }))).paths).toEqual([
      'carrierName:validation.required',
      'carrierVatNumber:validation.required',
    ]);
    expect((await errorsOf(ddt({ transportBy: 'carrier', carrierName: 'BRT', carrierVatNumber: '12345678901' }))).paths).toEqual([ 'carrierVatNumber:validation.vatNumber' ]); // prettier-ignore
    expect((await errorsOf(ddt({ status: 'received' }))).paths).toEqual(['status:validation.readOnly']);
  });

  it('checks lines against the items and the destination warehouse', async () => {
    const other = await api.warehouse();
    const elsewhere = (await api.location(other.id)).id;
    const line = { itemId: filter, description: 'Filtro', quantity: '1' };
    const result = await errorsOf(
      ddt({
        lines: [
          { ...line, locationId: elsewhere },
          { ...line, uom: 'kg' },
          { ...line, lotNumber: 'L1' },
        ],
      }),
    );
    expect(result).toEqual({
      status: 400,
      paths: ['lines.0.locationId:validation.wh.otherWarehouse', 'lines.1.uom:validation.wh.uomMismatch', 'lines.2.lotNumber:validation.wh.notTracked'], // prettier-ignore
    });
  });

  it('refuses the same supplier number twice in a year', async () => {
    await api.create('incoming-ddts', ddt({ number: 'X-77' }));
    const { status, paths } = await errorsOf(ddt({ number: 'x-77' }));
    expect(status).toBe(409);
    expect(paths).toEqual(['number:validation.wh.duplicateDdt']);
  });

  it('receive stocks each item line once and locks the document', async () => {
    const created = await api.create('incoming-ddts', ddt());
    const res = await api.request('POST', `/warehouse/api/incoming-ddts/${created.id}/actions/receive`, { version: created.version }); // prettier-ignore
    expect(res.statusCode, res.body).toBe(200);
    const received = res.json().data;
    expect(received.status).toBe('received');
    const movements = await api.list('movements', [['sourceId', 'eq', created.id]]);
    expect(movements.map((m) => [m.type, m.itemId, m.quantity, m.lotNumber, m.unitCost, m.sourceType]).sort()).toEqual(
      [
        ['in', filter, '10.000', null, '14.90000000', 'incomingDdt'],
        ['in', gas, '9.000', 'R32-2611-01', '0.00000000', 'incomingDdt'],
      ].sort(),
    );
    expect(await api.stock(gas)).toEqual({ [`${main}|${shelf}|R32-2611-01`]: '9.000' });
    const again = await api.refused('POST', `/warehouse/api/incoming-ddts/${created.id}/actions/receive`, { version: received.version }); // prettier-ignore
    expect(again.status).toBe(409);
    const edit = await api.refused('POST', `/warehouse/api/incoming-ddts/${created.id}`, { version: received.version, number: 'Z' }); // prettier-ignore
    expect(edit.status).toBe(409);
    expect(edit.problem.errors[0]).toMatchObject({ path: 'status', key: 'validation.wh.locked' });
    expect((await api.refused('DELETE', `/warehouse/api/incoming-ddts/${created.id}`)).status).toBe(409);

    const invoice = await api.request('POST', `/warehouse/api/incoming-ddts/${created.id}/actions/invoice`, { version: received.version, supplierInvoiceRef: 'FT 123/26' }); // prettier-ignore
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.json().data).toMatchObject({ status: 'invoiced', supplierInvoiceRef: 'FT 123/26' });
  });

  it('refuses to receive a tracked line without its lot, and leaves the draft as it was', async () => {
    const lines = [{ itemId: gas, description: 'R32', quantity: '9', locationId: shelf }];
    const created = await api.create('incoming-ddts', ddt({ lines }));
    const { status, problem } = await api.refused('POST', `/warehouse/api/incoming-ddts/${created.id}/actions/receive`, { version: created.version }); // prettier-ignore
    expect(status).toBe(400);
    expect(problem.errors.map((e) => `${e.path}:${e.key}`)).toEqual(['lines.0.lotNumber:validation.wh.lotRequired']);
    expect((await api.get('incoming-ddts', created.id)).status).toBe('draft');
    expect(await api.list('movements', [['sourceId', 'eq', created.id]])).toEqual([]);
  });

  it('cancelling a received DDT reverses its receipts', async () => {
    const lines = [{ itemId: filter, description: 'Filtro', quantity: '4', locationId: shelf }];
    const created = await api.create('incoming-ddts', ddt({ lines }));
    const before = (await api.stock(filter))[`${main}|${shelf}|`] ?? '0.000';
    const received =
      (await api.request('POST', `/warehouse/api/incoming-ddts/${created.id}/actions/receive`, { version: created.version })) // prettier-ignore
        .json().data;
    const res = await api.request('POST', `/warehouse/api/incoming-ddts/${created.id}/actions/cancel`, { version: received.version }); // prettier-ignore
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    expect((await api.stock(filter))[`${main}|${shelf}|`]).toBe(before);
    const movements = await api.list('movements', [['sourceId', 'eq', created.id]]);
    expect(movements.map((m) => m.type).sort()).toEqual(['in', 'reversal']);
  });

  it('only an administrator receives', async () => {
    const created = await api.create('incoming-ddts', ddt());
    const technician = await api.server.auth('acme', 'tecnico');
    const res = await api.request('POST', `/warehouse/api/incoming-ddts/${created.id}/actions/receive`, { version: created.version }, technician); // prettier-ignore
    expect(res.statusCode).toBe(403);
  });
});
