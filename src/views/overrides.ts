import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ResourceDefinition } from '../../resources/schema';
import type { RelatedListProps } from './related/RelatedList';

type View = 'list' | 'show' | 'edit' | 'create';
type ViewComponent = LazyExoticComponent<ComponentType<{ def: ResourceDefinition }>>;

/** How the SPA departs from the generated views of one resource. */
export interface ViewOverrides extends Partial<Record<View, ViewComponent>> {
  /**
   * Records of other resources that refer to this one, listed under its generated show and edit pages
   * (a customer's sites, an activity's F-gas interventions). A custom show or edit view places its own.
   */
  related?: readonly RelatedListProps[];
}

/**
 * Custom views by resource name. A custom view gets the definition like a generated one and usually
 * wraps it (the generated show page plus a chart), so it keeps every field the definition gains. Each
 * loads on demand, from its module's folder under src/modules.
 */
export const overrides: Readonly<Record<string, ViewOverrides>> = {
  'sales/customers': {
    related: [
      { resource: 'sales/sites', target: 'customerId', create: true },
      { resource: 'ticketing/contracts', target: 'customerId' },
    ],
  },
  'wfm/activities': { related: [{ resource: 'wfm/fgas-activities', target: 'activityId' }] },
  'wfm/machines': { related: [{ resource: 'wfm/fgas-activities', target: 'machineId' }] },
  'wh/DDT/in': { related: [{ resource: 'wh/movements', target: 'sourceId', title: 'warehouse.ddtMovements' }] },
  'wh/items': {
    show: lazy(() => import('../modules/warehouse/ItemShow')),
    edit: lazy(() => import('../modules/warehouse/ItemEdit')),
  },
  'wh/warehouses': { related: [{ resource: 'wh/warehouses/locations', target: 'warehouseId', create: true }] },
  'wh/warehouses/locations': {
    related: [
      { resource: 'wh/stocks', target: 'locationId' },
      { resource: 'wh/movements', target: 'toLocationId', title: 'warehouse.movementsIn' },
      { resource: 'wh/movements', target: 'fromLocationId', title: 'warehouse.movementsOut' },
    ],
  },
};
