import type { HookRegistry } from '../../records';
import { ddtHooks } from './ddts';
import { locationHooks } from './locations';
import { itemHooks, warehouseHooks } from './master-data';
import { movementHooks } from './movements';
import { itemScope, vanScope, vanStockScope, withScopes } from '../wfm/technician-scope';

/**
 * The warehouse service beyond generic CRUD: stock posting from movements, numbering, locations per
 * warehouse, DDT receipt. Stocks have no write hooks: nobody writes them through the API. Technicians
 * read their van, its stock and the items their activities name (technician-scope.ts).
 */
export const warehouseServiceHooks: HookRegistry = withScopes(
  {
    'wh/items': itemHooks,
    'wh/warehouses': warehouseHooks,
    'wh/warehouses/locations': locationHooks,
    'wh/movements': movementHooks,
    'wh/DDT/in': ddtHooks,
  },
  { 'wh/items': itemScope, 'wh/warehouses': vanScope, 'wh/stocks': vanStockScope },
);
