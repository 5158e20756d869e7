import type { Row, Issue } from '../../records';
import type { Db } from '../../db/tables';

export const TABLES = {
  items: 'warehouse.items',
  warehouses: 'warehouse.warehouses',
  locations: 'warehouse.locations',
  stocks: 'warehouse.stocks',
  movements: 'warehouse.movements',
  ddts: 'warehouse.incomingDdts',
} as const;

/** One record of a warehouse table by id, within the tenant. */
export async function findRow(
  trx: Db,
  table: (typeof TABLES)[keyof typeof TABLES],
  tenant: string,
  id: string,
): Promise<Row | undefined> {
  return trx.selectFrom(table).selectAll().where('tenantId', '=', tenant).where('id', '=', id).executeTakeFirst();
}

/**
 * A warehouse (and optionally one of its locations) a movement or document names: it must exist and
 * be active, and the location must belong to it. Issues go on the given paths.
 */
export async function checkPlace(
  trx: Db,
  tenant: string,
  place: { warehouseId: unknown; locationId: unknown },
  paths: { warehouse: string; location: string },
  options: { allowArchived?: boolean } = {},
): Promise<Issue[]> {
  if (typeof place.warehouseId !== 'string') return [];
  const warehouse = await findRow(trx, TABLES.warehouses, tenant, place.warehouseId);
  if (!warehouse) return [{ path: paths.warehouse, key: 'validation.wh.notFound' }];
  if (warehouse.active === false && !options.allowArchived)
    return [{ path: paths.warehouse, key: 'validation.wh.inactive' }];
  if (typeof place.locationId !== 'string') return [];
  const location = await findRow(trx, TABLES.locations, tenant, place.locationId);
  if (!location) return [{ path: paths.location, key: 'validation.wh.notFound' }];
  if (location.warehouseId !== place.warehouseId)
    return [{ path: paths.location, key: 'validation.wh.otherWarehouse' }];
  if (location.active === false && !options.allowArchived)
    return [{ path: paths.location, key: 'validation.wh.inactive' }];
  return [];
}
