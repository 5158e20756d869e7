import movements from '../../../resources/wh/movements';
import { defineHooks, type HookContext, type Row, type Issue } from '../../records';
import { nextNumber } from '../sales/numbering';
import { checkPlace, TABLES } from './references';
import { lockItem, postMovement } from './stock';

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** What a reversal copies from the movement it cancels; `from` and `to` swap. */
const MIRRORED: Record<string, string> = {
  itemId: 'itemId',
  quantity: 'quantity',
  uom: 'uom',
  lotNumber: 'lotNumber',
  serialNumber: 'serialNumber',
  unitCost: 'unitCost',
  fromWarehouseId: 'toWarehouseId',
  fromLocationId: 'toLocationId',
  toWarehouseId: 'fromWarehouseId',
  toLocationId: 'fromLocationId',
};

/**
 * A reversal takes everything but its date, reason and source from the movement it cancels, which must
 * be done (hence immutable) and not reversed yet: of two reversals racing, the unique index on
 * reversedMovementId lets one insert through. Values the client sent (`given`) anyway must agree.
 */
async function mirror(ctx: HookContext, movement: Row, given: Row, selfId?: string): Promise<Row> {
  const { trx, actor } = ctx;
  const originalId = movement.reversedMovementId as string;
  const original = await trx
    .selectFrom(TABLES.movements)
    .selectAll()
    .where('tenantId', '=', actor.tenant)
    .where('id', '=', originalId)
    .executeTakeFirst();
  if (!original)
    throw ctx.invalid(
      [{ path: 'reversedMovementId', key: 'validation.wh.notFound' }],
      'The reversed movement does not exist.',
    );
  if (original.state !== 'done')
    throw ctx.conflict(
      [{ path: 'reversedMovementId', key: 'validation.wh.notReversible' }],
      'Only a done movement can be reversed.',
    );
  // Locked before the number is drawn, as every posting takes the item first (stock.ts).
  await lockItem(trx, actor.tenant, original.itemId as string);
  const earlier = await trx
    .selectFrom(TABLES.movements)
    .select(['id', 'number'])
    .where('tenantId', '=', actor.tenant)
    .where('reversedMovementId', '=', originalId)
    .$if(selfId !== undefined, (qb) => qb.where('id', '<>', selfId!))
    .executeTakeFirst();
  if (earlier)
    throw ctx.conflict(
      [
        {
          path: 'reversedMovementId',
          key: 'validation.wh.alreadyReversed',
          params: { number: String(earlier.number) },
        },
      ],
      `The movement was already reversed by ${String(earlier.number)}.`,
    );
  const issues: Issue[] = [];
  const out: Row = { ...movement };
  for (const [field, source] of Object.entries(MIRRORED)) {
    const expected = (original as Row)[source] ?? null;
    if (!blank(given[field]) && given[field] !== expected)
      issues.push({ path: field, key: 'validation.wh.reversalMismatch' });
    out[field] = expected;
  }
  ctx.refuse(issues);
  return out;
}

/**
 * The stored facts a movement must agree with: its item exists and is active, the unit is the item's
 * (filled in when empty), lot or serial number as the item's tracking asks, and each end a warehouse
 * (and location of it) that exists and is active.
 */
async function checkMovement(ctx: HookContext, movement: Row): Promise<Row> {
  const { trx, actor } = ctx;
  // Locked now, before the movement's number is drawn: every posting takes the item first (stock.ts).
  const item = await lockItem(trx, actor.tenant, movement.itemId as string);
  if (!item) throw ctx.invalid([{ path: 'itemId', key: 'validation.wh.notFound' }], 'The item does not exist.');
  const issues: Issue[] = [];
  const out: Row = { ...movement };
  if (item.active === false) issues.push({ path: 'itemId', key: 'validation.wh.inactive' });
  if (blank(out.uom)) out.uom = item.uom;
  else if (out.uom !== item.uom)
    issues.push({ path: 'uom', key: 'validation.wh.uomMismatch', params: { uom: String(item.uom) } });
  if (item.tracking === 'lot' && blank(out.lotNumber))
    issues.push({ path: 'lotNumber', key: 'validation.wh.lotRequired' });
  if (item.tracking === 'serial' && blank(out.serialNumber))
    issues.push({ path: 'serialNumber', key: 'validation.wh.serialRequired' });
  if (item.tracking !== 'serial' && !blank(out.serialNumber))
    issues.push({ path: 'serialNumber', key: 'validation.wh.notTracked' });
  if (item.tracking === 'none' && !blank(out.lotNumber))
    issues.push({ path: 'lotNumber', key: 'validation.wh.notTracked' });
  issues.push(
    ...(await checkPlace(
      trx,
      actor.tenant,
      { warehouseId: out.fromWarehouseId, locationId: out.fromLocationId },
      { warehouse: 'fromWarehouseId', location: 'fromLocationId' },
    )),
    ...(await checkPlace(
      trx,
      actor.tenant,
      { warehouseId: out.toWarehouseId, locationId: out.toLocationId },
      { warehouse: 'toWarehouseId', location: 'toLocationId' },
    )),
  );
  ctx.refuse(issues);
  return out;
}

/** A movement as it will be stored: a reversal mirrored from its original, any other checked against stored data. */
function prepare(ctx: HookContext, movement: Row, given: Row, selfId?: string): Promise<Row> {
  return movement.type === 'reversal' ? mirror(ctx, movement, given, selfId) : checkMovement(ctx, movement);
}

const immutable = (ctx: HookContext, state: unknown) =>
  ctx.conflict(
    [{ path: 'state', key: 'validation.wh.immutable' }],
    `A ${String(state)} movement cannot be changed or deleted; record a reversal instead.`,
  );

/**
 * Movements beyond generic CRUD: numbered "MOV/2026/000001" from the sales numbering series, checked
 * against items and warehouses, posted to stock when done (on creation, or when a draft becomes done),
 * and immutable once done or cancelled.
 */
export const movementHooks = defineHooks(movements, {
  async beforeCreate(ctx, values) {
    const prepared = await prepare(ctx, values, values);
    const assigned = await nextNumber(ctx.trx, ctx.actor.tenant, 'movement', values.date as string, { lang: ctx.lang });
    return { ...prepared, number: assigned.fullNumber, performedBy: ctx.actor.username };
  },
  async afterCreate(ctx, record) {
    if (record.state === 'done') await postMovement(ctx, record);
  },
  async beforeUpdate(ctx, changes, stored) {
    if (stored.state !== 'draft') throw immutable(ctx, stored.state);
    const merged: Row = { ...stored, ...changes };
    const prepared = await prepare(ctx, merged, changes, stored.id as string);
    const out: Row = { ...changes };
    for (const name of ['uom', ...Object.keys(MIRRORED)])
      if (prepared[name] !== (stored as Row)[name]) out[name] = prepared[name];
    return out;
  },
  async afterUpdate(ctx, record, previous) {
    if (previous.state === 'draft' && record.state === 'done') await postMovement(ctx, record);
  },
  async beforeDelete(ctx, stored) {
    if (stored.state === 'done') throw immutable(ctx, stored.state);
  },
});
