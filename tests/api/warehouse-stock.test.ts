import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/tenancy';
import { replayLedger } from '../../server/services/warehouse/ledger';
import { ago, WarehouseApi } from './warehouse-fixture';

let api: WarehouseApi;
let main: string;
let shelf: string;
let bin: string;
let van: string;

beforeAll(async () => {
  api = await WarehouseApi.start();
  main = (await api.warehouse()).id;
  shelf = (await api.location(main, { code: 'A-01-01' })).id;
  bin = (await api.location(main, { code: 'A-01-02' })).id;
  // A site warehouse that may go negative, as vans usually do.
  van = (await api.warehouse({ type: 'site', allowNegativeStock: true })).id;
}, 120_000);

afterAll(() => api?.close());

const receipt = (itemId: string, quantity: string, extra: Record<string, unknown> = {}) =>
  api.movement({ type: 'in', itemId, quantity, toWarehouseId: main, toLocationId: shelf, unitCost: '10.00', ...extra });

describe('stock posting', () => {
  it('a receipt adds to its location, numbers the movement and values the item', async () => {
    const item = await api.item({ standardCost: '9.50' });
    const first = await receipt(item.id, '10');
    expect(first.number).toMatch(/^MOV\/\d{4}\/\d{6}$/);
    expect(first).toMatchObject({ uom: 'pz', performedBy: 'admin', state: 'done', quantity: '10.000' });
    // A movement recorded without a state is done.
    const second = await api.create('movements', {
      type: 'in', date: ago(1), itemId: item.id, quantity: '10', toWarehouseId: main, toLocationId: shelf, unitCost: '13.00',
    }); // prettier-ignore
    expect(second.state).toBe('done');
    expect(await api.stock(item.id)).toEqual({ [`${main}|${shelf}|`]: '20.000' });
    // (10 × 10.00 + 10 × 13.00) / 20
    expect((await api.get('items', item.id)).averageCost).toBe('11.50000000');
    const [row] = await api.list('stocks', [['itemId', 'eq', item.id]]);
    expect(row).toMatchObject({ onHand: '20.000', reserved: '0.000', available: '20.000' });
  });

  it('an issue takes from its location; more than on hand is refused naming the quantity', async () => {
    const item = await api.item();
    await receipt(item.id, '5');
    await api.movement({ type: 'out', itemId: item.id, quantity: '2', fromWarehouseId: main, fromLocationId: shelf });
    expect(await api.stock(item.id)).toEqual({ [`${main}|${shelf}|`]: '3.000' });
    const { status, problem } = await api.refused('POST', '/warehouse/api/movements', {
      type: 'out', state: 'done', date: ago(1), itemId: item.id, quantity: '3.5', fromWarehouseId: main, fromLocationId: shelf,
    }); // prettier-ignore
    expect(status).toBe(409);
    expect(problem.errors).toEqual([
      expect.objectContaining({ path: 'quantity', key: 'validation.wh.insufficientStock' }),
    ]);
    // Quantities as people write them: no trailing zeros, the locale's decimal comma in Italian.
    expect(problem.errors[0].message).toBe('Not enough stock: 3 pz on hand, 3.5 requested');
    const italian = await api.request(
      'POST',
      '/warehouse/api/movements',
      { type: 'out', state: 'done', date: ago(1), itemId: item.id, quantity: '3.5', fromWarehouseId: main, fromLocationId: shelf },
      { ...api.admin, 'accept-language': 'it' },
    ); // prettier-ignore
    expect(italian.json().errors[0].message).toBe('Giacenza insufficiente: disponibili 3 pz, richiesti 3,5');
    // Nothing of the refused movement remains: no stock change, no movement, no number used.
    expect(await api.stock(item.id)).toEqual({ [`${main}|${shelf}|`]: '3.000' });
    expect(await api.list('movements', [['itemId', 'eq', item.id]])).toHaveLength(2);
  });

  it('a warehouse that allows it goes negative', async () => {
    const item = await api.item();
    await api.movement({ type: 'out', itemId: item.id, quantity: '2', fromWarehouseId: van });
    expect(await api.stock(item.id)).toEqual({ [`${van}||`]: '-2.000' });
  });

  it('a transfer moves between locations and warehouses, never to where it comes from', async () => {
    const item = await api.item();
    await receipt(item.id, '8');
    await api.movement({ type: 'transfer', itemId: item.id, quantity: '3', fromWarehouseId: main, fromLocationId: shelf, toWarehouseId: main, toLocationId: bin }); // prettier-ignore
    await api.movement({ type: 'transfer', itemId: item.id, quantity: '1', fromWarehouseId: main, fromLocationId: bin, toWarehouseId: van }); // prettier-ignore
    expect(await api.stock(item.id)).toEqual({
      [`${main}|${shelf}|`]: '5.000',
      [`${main}|${bin}|`]: '2.000',
      [`${van}||`]: '1.000',
    });
    const same = await api.refused('POST', '/warehouse/api/movements', {
      type: 'transfer', state: 'done', date: ago(1), itemId: item.id, quantity: '1', fromWarehouseId: main, fromLocationId: shelf, toWarehouseId: main, toLocationId: shelf,
    }); // prettier-ignore
    expect(same.status).toBe(400);
    expect(same.problem.errors.map((e) => e.path)).toEqual(['toLocationId']);
  });

  it('an adjustment adds (to) or removes (from), with a reason, one end only', async () => {
    const item = await api.item();
    await receipt(item.id, '4');
    await api.movement({ type: 'adjustment', itemId: item.id, quantity: '2', toWarehouseId: main, toLocationId: shelf, reason: 'Conta inventario' }); // prettier-ignore
    await api.movement({ type: 'adjustment', itemId: item.id, quantity: '5', fromWarehouseId: main, fromLocationId: shelf, reason: 'Conta inventario' }); // prettier-ignore
    expect(await api.stock(item.id)).toEqual({ [`${main}|${shelf}|`]: '1.000' });
    const both = await api.refused('POST', '/warehouse/api/movements', {
      type: 'adjustment', state: 'done', date: ago(1), itemId: item.id, quantity: '1', fromWarehouseId: main, toWarehouseId: van,
    }); // prettier-ignore
    expect(both.status).toBe(400);
    expect(both.problem.errors.map((e) => e.path).sort()).toEqual(['reason', 'toWarehouseId']);
  });

  it('checks each type’s ends, the unit and the item’s tracking', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const { status, problem } = await api.refused('POST', '/warehouse/api/movements', { state: 'done', date: ago(1), ...body }); // prettier-ignore
      expect(status).toBe(400);
      return problem.errors.map((e) => `${e.path}:${e.key}`).sort();
    };
    const item = await api.item();
    expect(await refused({ type: 'in', itemId: item.id, quantity: '1', fromWarehouseId: main })).toEqual([
      'fromWarehouseId:validation.wh.notForType',
      'toWarehouseId:validation.required',
      'unitCost:validation.required',
    ]);
    expect(await refused({ type: 'out', itemId: item.id, quantity: '1', fromWarehouseId: main, state: null })).toEqual([
      'state:validation.required',
    ]);
    expect(await refused({ type: 'out', itemId: item.id, quantity: '0', fromWarehouseId: main })).toEqual([
      'quantity:validation.minValue',
    ]);
    expect(await refused({ type: 'in', itemId: item.id, quantity: '1', uom: 'kg', toWarehouseId: main, unitCost: '1' })).toEqual([ 'uom:validation.wh.uomMismatch' ]); // prettier-ignore
    expect(await refused({ type: 'in', itemId: item.id, quantity: '1', toWarehouseId: van, toLocationId: shelf, unitCost: '1' })).toEqual([ 'toLocationId:validation.wh.otherWarehouse' ]); // prettier-ignore
    expect(await refused({ type: 'in', itemId: item.id, quantity: '1', toWarehouseId: main, unitCost: '1', date: new Date(Date.now() + 86_400_000).toISOString() })).toEqual([ 'date:validation.wh.futureDate' ]); // prettier-ignore
    const gas = await api.item({ uom: 'kg', tracking: 'lot' });
    expect(await refused({ type: 'in', itemId: gas.id, quantity: '9', toWarehouseId: main, unitCost: '16' })).toEqual([ 'lotNumber:validation.wh.lotRequired' ]); // prettier-ignore
    const compressor = await api.item({ tracking: 'serial' });
    expect(await refused({ type: 'in', itemId: compressor.id, quantity: '2', serialNumber: 'ZR48-001', toWarehouseId: main, unitCost: '900' })).toEqual([ 'quantity:validation.wh.serialQuantity' ]); // prettier-ignore
  });

  it('keeps lots apart', async () => {
    const gas = await api.item({ uom: 'kg', tracking: 'lot' });
    await receipt(gas.id, '9', { lotNumber: 'R32-A' });
    await receipt(gas.id, '9', { lotNumber: 'R32-B' });
    await api.movement({ type: 'out', itemId: gas.id, quantity: '1.250', lotNumber: 'R32-A', fromWarehouseId: main, fromLocationId: shelf }); // prettier-ignore
    expect(await api.stock(gas.id)).toEqual({
      [`${main}|${shelf}|R32-A`]: '7.750',
      [`${main}|${shelf}|R32-B`]: '9.000',
    });
    // Lot B holds 9 kg: the 7.75 kg of lot A do not make 10 available in it.
    const { status } = await api.refused('POST', '/warehouse/api/movements', {
      type: 'out', state: 'done', date: ago(1), itemId: gas.id, quantity: '10', lotNumber: 'R32-B', fromWarehouseId: main, fromLocationId: shelf,
    }); // prettier-ignore
    expect(status).toBe(409);
  });
  it('concurrent issues never take more than is on hand', async () => {
    const item = await api.item();
    await receipt(item.id, '3');
    const issue = () =>
      api.request('POST', '/warehouse/api/movements', {
        type: 'out', state: 'done', date: ago(1), itemId: item.id, quantity: '1', fromWarehouseId: main, fromLocationId: shelf,
      }); // prettier-ignore
    const answers = await Promise.all(Array.from({ length: 5 }, issue));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 409, 409]);
    expect(await api.stock(item.id)).toEqual({ [`${main}|${shelf}|`]: '0.000' });
    const numbers = answers.filter((a) => a.statusCode === 201).map((a) => a.json().data.number as string);
    expect(new Set(numbers).size).toBe(3);
  });
});

describe('done movements are immutable', () => {
  it('refuses to change or delete a done movement; a draft changes and posts when done', async () => {
    const item = await api.item();
    const done = await receipt(item.id, '2');
    const update = await api.refused('POST', `/warehouse/api/movements/${done.id}`, { version: done.version, quantity: '3' }); // prettier-ignore
    expect(update.status).toBe(409);
    expect(update.problem.errors[0]).toMatchObject({ path: 'state', key: 'validation.wh.immutable' });
    expect((await api.refused('DELETE', `/warehouse/api/movements/${done.id}`)).status).toBe(409);

    const draft = await receipt(item.id, '5', { state: 'draft' });
    expect(await api.stock(item.id)).toEqual({ [`${main}|${shelf}|`]: '2.000' });
    const res = await api.request('POST', `/warehouse/api/movements/${draft.id}`, { version: draft.version, quantity: '6', state: 'done' }); // prettier-ignore
    expect(res.statusCode, res.body).toBe(200);
    expect(await api.stock(item.id)).toEqual({ [`${main}|${shelf}|`]: '8.000' });

    const another = await receipt(item.id, '1', { state: 'draft' });
    expect((await api.request('DELETE', `/warehouse/api/movements/${another.id}`)).statusCode).toBe(200);
  });

  it('a reversal mirrors the movement, restores the stock and happens once', async () => {
    const item = await api.item();
    await receipt(item.id, '6');
    const transfer = await api.movement({ type: 'transfer', itemId: item.id, quantity: '4', fromWarehouseId: main, fromLocationId: shelf, toWarehouseId: van }); // prettier-ignore
    const reversal = await api.movement({ type: 'reversal', reversedMovementId: transfer.id, reason: 'Furgone sbagliato' }); // prettier-ignore
    expect(reversal).toMatchObject({
      itemId: item.id,
      quantity: '4.000',
      fromWarehouseId: van,
      fromLocationId: null,
      toWarehouseId: main,
      toLocationId: shelf,
    });
    expect(await api.stock(item.id)).toEqual({ [`${main}|${shelf}|`]: '6.000', [`${van}||`]: '0.000' });

    const again = await api.refused('POST', '/warehouse/api/movements', { type: 'reversal', state: 'done', date: ago(1), reversedMovementId: transfer.id }); // prettier-ignore
    expect(again.status).toBe(409);
    expect(again.problem.errors[0]).toMatchObject({ path: 'reversedMovementId', key: 'validation.wh.alreadyReversed' });
    expect(again.problem.errors[0].message).toContain(String(reversal.number));

    const mismatch = await api.refused('POST', '/warehouse/api/movements', { type: 'reversal', state: 'done', date: ago(1), reversedMovementId: reversal.id, quantity: '1' }); // prettier-ignore
    expect(mismatch.status).toBe(400);
    expect(mismatch.problem.errors.map((e) => e.path)).toEqual(['quantity']);

    const draft = await receipt(item.id, '1', { state: 'draft' });
    const ofDraft = await api.refused('POST', '/warehouse/api/movements', { type: 'reversal', state: 'done', date: ago(1), reversedMovementId: draft.id }); // prettier-ignore
    expect(ofDraft.status).toBe(409);
    expect(ofDraft.problem.errors[0].key).toBe('validation.wh.notReversible');
  });

  it('of two reversals sent at once, one goes through', async () => {
    const item = await api.item();
    const inbound = await receipt(item.id, '3');
    const reverse = () =>
      api.request('POST', '/warehouse/api/movements', {
        type: 'reversal',
        date: ago(1),
        reversedMovementId: inbound.id,
      });
    const answers = await Promise.all([reverse(), reverse()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await api.stock(item.id)).toEqual({ [`${main}|${shelf}|`]: '0.000' });
  });

  it('refuses a reversal the stock cannot take back', async () => {
    const item = await api.item();
    const inbound = await receipt(item.id, '3');
    await api.movement({ type: 'out', itemId: item.id, quantity: '2', fromWarehouseId: main, fromLocationId: shelf });
    const { status, problem } = await api.refused('POST', '/warehouse/api/movements', { type: 'reversal', state: 'done', date: ago(1), reversedMovementId: inbound.id }); // prettier-ignore
    expect(status).toBe(409);
    expect(problem.errors[0].key).toBe('validation.wh.insufficientStock');
  });
});

describe('the stock projection', () => {
  it('is read-only through the API and per tenant', async () => {
    const [row] = await api.list('stocks');
    expect((await api.request('POST', '/warehouse/api/stocks', { itemId: row.itemId })).statusCode).toBe(403);
    expect((await api.request('POST', `/warehouse/api/stocks/${row.id}`, { version: 1, onHand: '1' })).statusCode).toBe(403); // prettier-ignore
    expect((await api.request('DELETE', `/warehouse/api/stocks/${row.id}`)).statusCode).toBe(403);
    const globex = await api.server.auth('globex', 'admin');
    expect((await api.request('GET', `/warehouse/api/stocks/${row.id}`, undefined, globex)).statusCode).toBe(404);
  });

  it('equals a replay of the ledger', async () => {
    const before = (await api.list('stocks')).map((r) => `${String(r.itemId)}|${String(r.warehouseId)}|${String(r.locationId)}|${String(r.lotNumber)}=${String(r.onHand)}`); // prettier-ignore
    const items = Object.fromEntries((await api.list('items')).map((i) => [i.id, i.averageCost]));
    await withTenant(api.server.db.kysely, 'acme', (trx) => replayLedger(trx as never, 'acme', 'admin'));
    const after = (await api.list('stocks')).map((r) => `${String(r.itemId)}|${String(r.warehouseId)}|${String(r.locationId)}|${String(r.lotNumber)}=${String(r.onHand)}`); // prettier-ignore
    expect(after.sort()).toEqual(before.sort());
    expect(Object.fromEntries((await api.list('items')).map((i) => [i.id, i.averageCost]))).toEqual(items);
  });
});
