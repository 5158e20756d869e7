import type { HookRegistry } from '../../records';
import { ddtHooks } from './ddts';
import { locationHooks } from './locations';
import { itemHooks, warehouseHooks } from './master-data';
import { movementHooks } from './movements';

/**
 * The warehouse service beyond generic CRUD: stock posting from movements, numbering, locations per
 * warehouse, DDT receipt. Stocks have no hooks: nobody writes them through the API.
 */
export const warehouseServiceHooks: HookRegistry = {
  'wh/items': itemHooks,
  'wh/warehouses': warehouseHooks,
  'wh/warehouses/locations': locationHooks,
  'wh/movements': movementHooks,
  'wh/DDT/in': ddtHooks,
};
