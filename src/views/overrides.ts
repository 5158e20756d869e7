import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ResourceDefinition } from '../../resources/schema';

type View = 'list' | 'show' | 'edit' | 'create';
type ViewComponent = LazyExoticComponent<ComponentType<{ def: ResourceDefinition }>>;

/**
 * Custom views that replace a generated one, by resource name and view. A custom view gets the
 * definition like a generated one and usually wraps it (e.g. the generated show page plus a related
 * list), so it keeps every field the definition gains. Each loads on demand, from its module's folder.
 */
export const overrides: Readonly<Record<string, Partial<Record<View, ViewComponent>>>> = {
  'wh/items': {
    show: lazy(() => import('../modules/warehouse/ItemShow')),
    edit: lazy(() => import('../modules/warehouse/ItemEdit')),
  },
  'wh/warehouses/locations': { edit: lazy(() => import('../modules/warehouse/LocationEdit')) },
  'wh/warehouses': {
    show: lazy(() => import('../modules/warehouse/WarehouseShow')),
    edit: lazy(() => import('../modules/warehouse/WarehouseEdit')),
  },
};
