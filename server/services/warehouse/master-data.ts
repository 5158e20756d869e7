import items from '../../../resources/wh/items';
import warehouses from '../../../resources/wh/warehouses';
import { defineHooks, type HookContext, type Row } from '../../records';
import { holdsStock } from './stock';
import { inUse } from './usage';

/** Archiving what still holds stock would hide that stock (docs/domain.md#items-warehouses-and-locations): 409 on `active`. */
async function refuseArchiveWithStock(
  ctx: HookContext,
  changes: Row,
  stored: Row,
  column: 'itemId' | 'warehouseId',
): Promise<void> {
  if (changes.active !== false || stored.active === false) return;
  if (await holdsStock(ctx.trx, ctx.actor.tenant, column, stored.id as string))
    throw ctx.conflict([{ path: 'active', key: 'validation.wh.hasStock' }], 'It holds stock and cannot be archived.');
}

/**
 * Items and warehouses beyond generic CRUD (deleting one that others refer to is refused generically,
 * server/records/references.ts): what holds stock is not archived, and an item with movements keeps its
 * unit and tracking.
 */
export const itemHooks = defineHooks(items, {
  async beforeUpdate(ctx, changes, stored) {
    await refuseArchiveWithStock(ctx, changes, stored, 'itemId');
    // Quantities already moved were counted in the old unit and lots: changing them would reinterpret history.
    const reinterprets = (['uom', 'tracking'] as const).filter(
      (name) => name in changes && changes[name] !== stored[name],
    );
    if (reinterprets.length > 0 && (await inUse(ctx.trx, ctx.actor.tenant, 'item', stored.id as string)))
      throw ctx.conflict(
        reinterprets.map((path) => ({ path, key: 'validation.wh.inUse' })),
        'The item has movements: its unit and tracking cannot change.',
      );
  },
});

export const warehouseHooks = defineHooks(warehouses, {
  async beforeUpdate(ctx, changes, stored) {
    await refuseArchiveWithStock(ctx, changes, stored, 'warehouseId');
  },
});
