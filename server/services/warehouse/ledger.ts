import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { decimal } from '../../../resources/schema';
import type { Row } from '../../records';
import { TABLES } from './references';
import { lotOf } from './stock';
import type { Db } from '../../db/tables';

type Big = ReturnType<typeof decimal.dec>;

const { dec, round } = decimal;

interface Balance {
  itemId: string;
  warehouseId: string;
  locationId: string | null;
  lotNumber: string | null;
  onHand: Big;
  lastMovementAt: string;
}

/** Rows per insert statement: far below PostgreSQL's 65535 bound parameters. */
const CHUNK = 500;

/**
 * Rebuilds a tenant's stock projection and items' average costs by replaying every done movement in
 * date order, exactly as the posting hooks apply them one by one (stock.ts): `from` loses, `to` gains,
 * a receipt reweighs the average cost over what was on hand before it. For data loaded in bulk (the
 * demo seed), and as the reference the incremental projection must always agree with. Reserved
 * quantities belong to activities, not to the ledger: rebuilt rows start with none.
 */
export async function replayLedger(trx: Db, tenant: string, username: string): Promise<void> {
  const movements = (await trx
    .selectFrom(TABLES.movements)
    .select([
      'type',
      'itemId',
      'quantity',
      'fromWarehouseId',
      'fromLocationId',
      'toWarehouseId',
      'toLocationId',
      'lotNumber',
      'serialNumber',
      'unitCost',
      'date',
    ])
    .where('tenantId', '=', tenant)
    .where('state', '=', 'done')
    .orderBy('date')
    .orderBy('number')
    .execute()) as Row[];

  const balances = new Map<string, Balance>();
  const totals = new Map<string, Big>();
  const averages = new Map<string, Big>();
  const apply = (m: Row, warehouseId: unknown, locationId: unknown, delta: Big) => {
    if (typeof warehouseId !== 'string') return;
    const lotNumber = lotOf(m);
    const location = typeof locationId === 'string' ? locationId : null;
    const key = `${String(m.itemId)}|${warehouseId}|${location ?? ''}|${lotNumber ?? ''}`;
    const at = m.date as string;
    const balance = balances.get(key) ?? {
      itemId: m.itemId as string,
      warehouseId,
      locationId: location,
      lotNumber,
      onHand: dec(0),
      lastMovementAt: at,
    };
    balance.onHand = balance.onHand.plus(delta);
    if (at > balance.lastMovementAt) balance.lastMovementAt = at;
    balances.set(key, balance);
  };
  for (const m of movements) {
    const itemId = m.itemId as string;
    const quantity = dec(m.quantity);
    const total = totals.get(itemId) ?? dec(0);
    if (m.type === 'in' && m.unitCost !== null) {
      const cost = dec(m.unitCost);
      const average = averages.get(itemId);
      averages.set(
        itemId,
        average === undefined || total.lte(0)
          ? cost
          : total.times(average).plus(quantity.times(cost)).div(total.plus(quantity)),
      );
    }
    if (m.fromWarehouseId) apply(m, m.fromWarehouseId, m.fromLocationId, quantity.neg());
    if (m.toWarehouseId) apply(m, m.toWarehouseId, m.toLocationId, quantity);
    const net = (m.toWarehouseId ? quantity : dec(0)).minus(m.fromWarehouseId ? quantity : dec(0));
    totals.set(itemId, total.plus(net));
  }

  await trx.deleteFrom(TABLES.stocks).where('tenantId', '=', tenant).execute();
  const rows = [...balances.values()].map((b) => ({
    tenantId: tenant,
    id: randomUUID(),
    itemId: b.itemId,
    warehouseId: b.warehouseId,
    locationId: b.locationId,
    lotNumber: b.lotNumber,
    onHand: round(b.onHand, 3),
    reserved: '0.000',
    available: round(b.onHand, 3),
    lastMovementAt: b.lastMovementAt,
    createdBy: username,
    updatedBy: username,
    version: 1,
  }));
  for (let i = 0; i < rows.length; i += CHUNK)
    await trx
      .insertInto(TABLES.stocks)
      .values(rows.slice(i, i + CHUNK))
      .execute();
  if (averages.size === 0) return;
  // One statement for every item: values travel as one JSON text (PGlite re-encodes a jsonb parameter).
  const costs = JSON.stringify([...averages].map(([id, average]) => ({ id, cost: round(average, 8) })));
  await sql`
    update warehouse.items as i set average_cost = v.cost
    from jsonb_to_recordset(cast(${costs}::text as jsonb)) as v(id uuid, cost numeric)
    where i.tenant_id = ${tenant} and i.id = v.id`.execute(trx);
}
