import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { decimal } from '../../../resources/schema';
import type { HookContext, Row } from '../../records';
import type { Db } from '../../db/tables';
import { formatQuantity } from '../../http/lang';

type Big = ReturnType<typeof decimal.dec>;

const { dec, round } = decimal;

/** Where a quantity sits: the stock projection's key (docs/domain.md#movements-and-the-stock-ledger). */
interface StockKey {
  itemId: string;
  warehouseId: string;
  locationId: string | null;
  lotNumber: string | null;
}

/** The lot a movement's stock lies in: its lot, or for serial-tracked items its serial number. */
export function lotOf(movement: Row): string | null {
  return (movement.lotNumber as string | null) ?? (movement.serialNumber as string | null) ?? null;
}

/**
 * Locks the item's row for the rest of the transaction: every posting of one item takes turns, so
 * reading a stock row, checking it and writing it back cannot interleave with another posting, and
 * the first posting to a new (warehouse, location, lot) creates its row once.
 */
export async function lockItem(trx: Db, tenant: string, itemId: string): Promise<Row | undefined> {
  return trx
    .selectFrom('warehouse.items')
    .selectAll()
    .where('tenantId', '=', tenant)
    .where('id', '=', itemId)
    .forUpdate()
    .executeTakeFirst();
}

/** Adds `delta` (signed) to one stock row, creating it at zero first; refuses a negative balance the warehouse does not allow. */
async function change(ctx: HookContext, key: StockKey, delta: Big, movement: Row): Promise<void> {
  const { trx, actor } = ctx;
  const row = await trx
    .selectFrom('warehouse.stocks')
    .select(['id', 'onHand', 'reserved', 'lastMovementAt'])
    .where('tenantId', '=', actor.tenant)
    .where('itemId', '=', key.itemId)
    .where('warehouseId', '=', key.warehouseId)
    .where('locationId', 'is not distinct from', key.locationId)
    .where('lotNumber', 'is not distinct from', key.lotNumber)
    .executeTakeFirst();
  const before = dec(row?.onHand ?? '0');
  const after = before.plus(delta);
  if (delta.lt(0) && after.lt(0)) {
    const warehouse = await trx
      .selectFrom('warehouse.warehouses')
      .select(['allowNegativeStock'])
      .where('tenantId', '=', actor.tenant)
      .where('id', '=', key.warehouseId)
      .executeTakeFirst();
    if (warehouse?.allowNegativeStock !== true) {
      const available = round(before, 3);
      const quantity = round(delta.abs(), 3);
      // The message's numbers as the reader writes them ("10 pz", "2,5 kg"), not "10.000".
      const params = {
        available: formatQuantity(ctx.lang, available),
        quantity: formatQuantity(ctx.lang, quantity),
        uom: String(movement.uom ?? ''),
      };
      throw ctx.conflict(
        [{ path: 'quantity', key: 'validation.wh.insufficientStock', params }],
        `Not enough stock: ${available} on hand, ${quantity} requested, and the warehouse does not allow negative stock.`,
      );
    }
  }
  const reserved = dec(row?.reserved ?? '0');
  const at = movement.date as string;
  if (row) {
    await trx
      .updateTable('warehouse.stocks')
      .set({
        onHand: round(after, 3),
        available: round(after.minus(reserved), 3),
        // A back-dated movement does not make the last one older.
        lastMovementAt: sql`greatest(last_movement_at, ${at}::timestamptz)`,
        updatedAt: sql`now()`,
        updatedBy: actor.username,
        version: sql`version + 1`,
      })
      .where('tenantId', '=', actor.tenant)
      .where('id', '=', row.id)
      .execute();
    return;
  }
  await trx
    .insertInto('warehouse.stocks')
    .values({
      tenantId: actor.tenant,
      id: randomUUID(),
      ...key,
      onHand: round(after, 3),
      reserved: '0.000',
      available: round(after, 3),
      lastMovementAt: at,
      createdBy: actor.username,
      updatedBy: actor.username,
      version: 1,
    })
    .execute();
}

/**
 * The weighted average cost after a receipt: what was on hand at the old average plus what came in
 * at its cost. Stock at or below zero carries no value, so the receipt's cost becomes the average.
 */
async function updateAverageCost(ctx: HookContext, item: Row, movement: Row): Promise<void> {
  const { trx, actor } = ctx;
  const totals = await trx
    .selectFrom('warehouse.stocks')
    .select((eb) => eb.fn.sum<string | null>('onHand').as('onHand'))
    .where('tenantId', '=', actor.tenant)
    .where('itemId', '=', item.id as string)
    .executeTakeFirst();
  const quantity = dec(movement.quantity);
  const onHand = dec(totals?.onHand ?? '0');
  const cost = dec(movement.unitCost);
  const average =
    item.averageCost === null || onHand.lte(0)
      ? cost
      : onHand.times(dec(item.averageCost)).plus(quantity.times(cost)).div(onHand.plus(quantity));
  await trx
    .updateTable('warehouse.items')
    .set({ averageCost: round(average, 8) })
    .where('tenantId', '=', actor.tenant)
    .where('id', '=', item.id as string)
    .execute();
}

/**
 * Posts a done movement to the stock projection, in the movement's transaction (docs/domain.md#movements-and-the-stock-ledger): its
 * `from` end loses the quantity, its `to` end gains it. That one rule covers every type: a receipt has
 * only `to`, an issue only `from`, a transfer both, an adjustment the end of its sign, and a reversal
 * the ends of the movement it cancels, swapped. A receipt also updates the item's average cost.
 */
export async function postMovement(ctx: HookContext, movement: Row): Promise<void> {
  const itemId = movement.itemId as string;
  const item = await lockItem(ctx.trx, ctx.actor.tenant, itemId);
  if (!item) throw ctx.invalid([{ path: 'itemId', key: 'validation.wh.notFound' }], 'The item does not exist.');
  const quantity = dec(movement.quantity);
  const lotNumber = lotOf(movement);
  // Valued before the receipt changes the quantities the average weighs.
  if (movement.type === 'in' && movement.unitCost !== null && movement.unitCost !== undefined)
    await updateAverageCost(ctx, item, movement);
  if (movement.fromWarehouseId) {
    const key = {
      itemId,
      warehouseId: movement.fromWarehouseId as string,
      locationId: (movement.fromLocationId as string | null) ?? null,
      lotNumber,
    };
    await change(ctx, key, quantity.neg(), movement);
  }
  if (movement.toWarehouseId) {
    const key = {
      itemId,
      warehouseId: movement.toWarehouseId as string,
      locationId: (movement.toLocationId as string | null) ?? null,
      lotNumber,
    };
    await change(ctx, key, quantity, movement);
  }
}

/** Whether any stock row of these conditions holds a quantity (archiving and deleting check it). */
export async function holdsStock(
  trx: Db,
  tenant: string,
  column: 'itemId' | 'warehouseId' | 'locationId',
  id: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('warehouse.stocks')
    .select('id')
    .where('tenantId', '=', tenant)
    .where(column, '=', id)
    .where('onHand', '<>', '0')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
