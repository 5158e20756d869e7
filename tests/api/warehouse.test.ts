import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WarehouseApi } from './warehouse-fixture';

let api: WarehouseApi;

beforeAll(async () => {
  api = await WarehouseApi.start();
}, 120_000);

afterAll(() => api?.close());

const pathsOf = async (method: 'POST' | 'DELETE', url: string, body?: unknown) => {
  const { status, problem } = await api.refused(method, url, body);
  return { status, paths: problem.errors.map((e) => `${e.path}:${e.key}`).sort() };
};

describe('manufacturers and retailers', () => {
  it('a manufacturer’s name is unique whatever its case', async () => {
    await api.create('manufacturers', { name: 'Danfoss', website: 'www.danfoss.com' });
    expect(await pathsOf('POST', '/warehouse/api/manufacturers', { name: 'DANFOSS' })).toEqual({
      status: 409,
      paths: ['name:validation.unique'],
    });
  });

  it('a manufacturer items refer to cannot be deleted', async () => {
    const maker = await api.create('manufacturers', { name: 'Castel' });
    await api.item({ manufacturerId: maker.id });
    expect((await api.refused('DELETE', `/warehouse/api/manufacturers/${maker.id}`)).status).toBe(409);
  });
});

describe('items', () => {
  it('keeps alternative codes and retailers as lines', async () => {
    const retailer = await api.create('retailers', { name: 'Frigoveneta' });
    const other = await api.create('retailers', { name: 'Clima Market' });
    const item = await api.item({
      barcode: '8031245000014',
      codes: [
        { kind: 'supplier', code: 'FV-083' },
        { kind: 'ean', code: '4006381333931' },
      ],
      supplies: [
        {
          retailerId: retailer.id,
          retailerSku: 'FV-083',
          lastPurchasePrice: '14.90',
          leadTimeDays: 2,
          preferred: true,
        },
        { retailerId: other.id, lastPurchasePrice: '15.20', preferred: false },
      ],
    });
    expect((item.supplies as { id: string }[]).every((line) => typeof line.id === 'string')).toBe(true);
    expect(await api.list('items', [['barcode', 'eq', '8031245000014']])).toHaveLength(1);
    // A retailer an item buys from is not deleted from under it.
    expect((await api.refused('DELETE', `/warehouse/api/retailers/${other.id}`)).status).toBe(409);
  });

  it('checks barcodes, codes, retailers and refrigerants', async () => {
    const retailer = await api.create('retailers', { name: 'RefriCenter' });
    const body = (extra: Record<string, unknown>) => ({ sku: `X-${api.unique()}`, name: 'Valvola', uom: 'pz', tracking: 'none', ...extra }); // prettier-ignore
    expect(await pathsOf('POST', '/warehouse/api/items', body({ barcode: '8031245000015' }))).toEqual({
      status: 400,
      paths: ['barcode:validation.ean'],
    });
    const codes = [
      { kind: 'ean', code: '4006381333932' },
      { kind: 'supplier', code: 'A1' },
      { kind: 'supplier', code: 'a1' },
    ];
    expect((await pathsOf('POST', '/warehouse/api/items', body({ codes }))).paths).toEqual([
      'codes.0.code:validation.ean',
      'codes.2.code:validation.duplicates',
    ]);
    const supplies = [
      { retailerId: retailer.id, preferred: true },
      { retailerId: retailer.id, preferred: true },
    ];
    expect((await pathsOf('POST', '/warehouse/api/items', body({ supplies }))).paths).toEqual([
      'supplies.1.preferred:validation.wh.onePreferred',
      'supplies.1.retailerId:validation.duplicates',
    ]);
    expect((await pathsOf('POST', '/warehouse/api/items', body({ isRefrigerant: true }))).paths).toEqual([
      'refrigerantId:validation.required',
      'uom:validation.wh.refrigerantKg',
    ]);
  });

  it('an item with stock is not archived and keeps its unit', async () => {
    const main = await api.warehouse();
    const item = await api.item();
    await api.movement({ type: 'in', itemId: item.id, quantity: '2', toWarehouseId: main.id, unitCost: '3' });
    const archive = await pathsOf('POST', `/warehouse/api/items/${item.id}`, { version: item.version, active: false });
    expect(archive).toEqual({ status: 409, paths: ['active:validation.wh.hasStock'] });
    const unit = await pathsOf('POST', `/warehouse/api/items/${item.id}`, { version: item.version, uom: 'm' });
    expect(unit).toEqual({ status: 409, paths: ['uom:validation.wh.inUse'] });
    expect((await api.refused('DELETE', `/warehouse/api/items/${item.id}`)).status).toBe(409);
    const warehouse = await pathsOf('POST', `/warehouse/api/warehouses/${main.id}`, { version: main.version, active: false }); // prettier-ignore
    expect(warehouse).toEqual({ status: 409, paths: ['active:validation.wh.hasStock'] });
  });
});

describe('warehouses and locations', () => {
  it('a van needs its technician', async () => {
    expect(await pathsOf('POST', '/warehouse/api/warehouses', { code: 'VAN9', name: 'Furgone', type: 'van' })).toEqual({
      status: 400,
      paths: ['technicianId:validation.required'],
    });
  });

  it('location codes are unique per warehouse, not across warehouses', async () => {
    const first = await api.warehouse();
    const second = await api.warehouse();
    await api.location(first.id, { code: 'A-01-01' });
    await api.location(second.id, { code: 'A-01-01' });
    expect(await pathsOf('POST', '/warehouse/api/locations', { warehouseId: first.id, code: 'a-01-01', kind: 'storage' })).toEqual({ status: 409, paths: ['code:validation.wh.codeInWarehouse'] }); // prettier-ignore
    const inFirst = await api.list('locations', [['warehouseId', 'eq', first.id]]);
    expect(inFirst.map((l) => l.code)).toEqual(['A-01-01']);
  });

  it('a parent location is in the same warehouse and never inside its child', async () => {
    const first = await api.warehouse();
    const second = await api.warehouse();
    const zone = await api.location(first.id, { code: 'A' });
    const shelf = await api.location(first.id, { code: 'A-01', parentLocationId: zone.id });
    const bin = await api.location(first.id, { code: 'A-01-01', parentLocationId: shelf.id });
    const elsewhere = await pathsOf('POST', '/warehouse/api/locations', { warehouseId: second.id, code: 'B-01', kind: 'storage', parentLocationId: zone.id }); // prettier-ignore
    expect(elsewhere).toEqual({ status: 400, paths: ['parentLocationId:validation.wh.otherWarehouse'] });
    const cycle = await pathsOf('POST', `/warehouse/api/locations/${zone.id}`, { version: zone.version, parentLocationId: bin.id }); // prettier-ignore
    expect(cycle).toEqual({ status: 400, paths: ['parentLocationId:validation.wh.parentCycle'] });
    const self = await pathsOf('POST', `/warehouse/api/locations/${zone.id}`, { version: zone.version, parentLocationId: zone.id }); // prettier-ignore
    expect(self).toEqual({ status: 400, paths: ['parentLocationId:validation.wh.parentCycle'] });
  });

  it('a location with stock keeps its warehouse and is not archived', async () => {
    const first = await api.warehouse();
    const second = await api.warehouse();
    const bin = await api.location(first.id);
    const item = await api.item();
    await api.movement({ type: 'in', itemId: item.id, quantity: '1', toWarehouseId: first.id, toLocationId: bin.id, unitCost: '1' }); // prettier-ignore
    expect((await pathsOf('POST', `/warehouse/api/locations/${bin.id}`, { version: bin.version, warehouseId: second.id })).paths).toEqual(['warehouseId:validation.wh.inUse']); // prettier-ignore
    expect((await pathsOf('POST', `/warehouse/api/locations/${bin.id}`, { version: bin.version, active: false })).paths).toEqual(['active:validation.wh.hasStock']); // prettier-ignore
  });
});

describe('access', () => {
  it('the warehouse is the administrators’; a technician reads only their van, its stock and their items', async () => {
    const technician = await api.server.auth('acme', 'tecnico');
    for (const endpoint of ['locations', 'movements', 'incoming-ddts'])
      expect((await api.request('GET', `/warehouse/api/${endpoint}`, undefined, technician)).statusCode).toBe(403);
    // Without a van or a job (tests/api/wfm-technician-scope.test.ts has them): nothing.
    await api.item();
    for (const endpoint of ['items', 'warehouses', 'stocks']) {
      const res = await api.request('GET', `/warehouse/api/${endpoint}`, undefined, technician);
      expect(res.statusCode, endpoint).toBe(200);
      expect(res.json().total, endpoint).toBe(0);
    }
    expect((await api.request('POST', '/warehouse/api/items', {}, technician)).statusCode).toBe(403);
  });

  it('another tenant neither lists nor reads acme’s records', async () => {
    const item = await api.item();
    const globex = await api.server.auth('globex', 'admin');
    expect((await api.request('GET', `/warehouse/api/items/${item.id}`, undefined, globex)).statusCode).toBe(404);
    const res = await api.request('GET', '/warehouse/api/items', undefined, globex);
    expect(res.json().total).toBe(0);
  });
});
