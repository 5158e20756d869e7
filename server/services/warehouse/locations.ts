import locations from '../../../resources/wh/locations';
import { sql } from 'kysely';
import { defineHooks, type HookContext, type Row } from '../../records';
import { findRow, TABLES } from './references';
import { holdsStock } from './stock';
import { inUse } from './usage';

/** Parents deeper than this are a data error rather than a shelf layout. */
const MAX_DEPTH = 50;

/**
 * A location's warehouse exists, its code is not taken in that warehouse (case-insensitively), and its
 * parent lies in the same warehouse without leading back to it. The warehouse's row is locked first, so
 * two locations created at once in one warehouse take turns on the code check.
 */
async function checkLocation(ctx: HookContext, location: Row, selfId?: string): Promise<void> {
  const { trx, actor } = ctx;
  const warehouseId = location.warehouseId as string;
  const warehouse = await trx
    .selectFrom(TABLES.warehouses)
    .select('id')
    .where('tenantId', '=', actor.tenant)
    .where('id', '=', warehouseId)
    .forUpdate()
    .executeTakeFirst();
  if (!warehouse)
    throw ctx.invalid([{ path: 'warehouseId', key: 'validation.wh.notFound' }], 'The warehouse does not exist.');
  const clash = await trx
    .selectFrom(TABLES.locations)
    .select('id')
    .where('tenantId', '=', actor.tenant)
    .where('warehouseId', '=', warehouseId)
    .where(sql`lower(code)`, '=', String(location.code).toLowerCase())
    .$if(selfId !== undefined, (qb) => qb.where('id', '<>', selfId!))
    .executeTakeFirst();
  if (clash)
    throw ctx.conflict(
      [{ path: 'code', key: 'validation.wh.codeInWarehouse' }],
      `The code ${String(location.code)} is already used in this warehouse.`,
    );
  if (typeof location.parentLocationId !== 'string') return;
  const cycle = () =>
    ctx.invalid(
      [{ path: 'parentLocationId', key: 'validation.wh.parentCycle' }],
      'A location cannot be inside itself.',
    );
  if (location.parentLocationId === selfId) throw cycle();
  const parent = await findRow(trx, TABLES.locations, actor.tenant, location.parentLocationId);
  if (!parent)
    throw ctx.invalid(
      [{ path: 'parentLocationId', key: 'validation.wh.notFound' }],
      'The parent location does not exist.',
    );
  if (parent.warehouseId !== warehouseId)
    throw ctx.invalid(
      [{ path: 'parentLocationId', key: 'validation.wh.otherWarehouse' }],
      'The parent location is in another warehouse.',
    );
  let cursor = parent.parentLocationId as string | null;
  for (let depth = 0; cursor && depth < MAX_DEPTH; depth++) {
    if (cursor === selfId) throw cycle();
    const next = await findRow(trx, TABLES.locations, actor.tenant, cursor);
    cursor = (next?.parentLocationId as string | null) ?? null;
  }
}

/** Locations inside warehouses (docs/domain.md#items-warehouses-and-locations): codes per warehouse, parents in the same warehouse, archived only when empty. */
export const locationHooks = defineHooks(locations, {
  async beforeCreate(ctx, values) {
    await checkLocation(ctx, values);
  },
  async beforeUpdate(ctx, changes, stored) {
    const merged: Row = { ...stored, ...changes };
    const id = stored.id as string;
    await checkLocation(ctx, merged, id);
    const moves = 'warehouseId' in changes && changes.warehouseId !== stored.warehouseId;
    if (moves && (await inUse(ctx.trx, ctx.actor.tenant, 'location', id)))
      throw ctx.conflict(
        [{ path: 'warehouseId', key: 'validation.wh.inUse' }],
        'A location with stock or movements cannot move to another warehouse.',
      );
    if (
      changes.active === false &&
      stored.active !== false &&
      (await holdsStock(ctx.trx, ctx.actor.tenant, 'locationId', id))
    )
      throw ctx.conflict(
        [{ path: 'active', key: 'validation.wh.hasStock' }],
        'A location holding stock cannot be archived.',
      );
  },
});
