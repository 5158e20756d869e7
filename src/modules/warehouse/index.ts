import { lazy } from 'react';
import { ADMIN, resourceRoutes, TECHNICIAN, type ModuleManifest } from '../../app/manifest';

/** The warehouse, for administrators; an item's pages add its stock per warehouse (ItemShow, ItemEdit). */
const warehouse: ModuleManifest = {
  id: 'warehouse',
  routes: [
    ...resourceRoutes('wh/DDT/in', 'warehouse', ADMIN),
    // Technicians open their items, makers, van and its stock (the services scope them).
    ...resourceRoutes('wh/items', 'warehouse', ADMIN, { show: TECHNICIAN }),
    ...resourceRoutes('wh/manufacturers', 'warehouse', ADMIN, { show: TECHNICIAN }),
    ...resourceRoutes('wh/movements', 'warehouse', ADMIN),
    ...resourceRoutes('wh/retailers', 'warehouse', ADMIN),
    ...resourceRoutes('wh/stocks', 'warehouse', ADMIN, { show: TECHNICIAN }),
    ...resourceRoutes('wh/warehouses', 'warehouse', ADMIN, { show: TECHNICIAN }),
    // Locations are reached from their warehouse, not from the menu.
    ...resourceRoutes('wh/warehouses/locations', 'warehouse', ADMIN, { menu: false }),
  ],
  views: {
    'wh/items': {
      show: lazy(() => import('./ItemShow')),
      edit: lazy(() => import('./ItemEdit')),
    },
  },
  related: {
    'wh/DDT/in': [{ resource: 'wh/movements', target: 'sourceId', title: 'warehouse.ddtMovements' }],
    'wh/warehouses': [{ resource: 'wh/warehouses/locations', target: 'warehouseId', create: true }],
    'wh/warehouses/locations': [
      { resource: 'wh/stocks', target: 'locationId' },
      { resource: 'wh/movements', target: 'toLocationId', title: 'warehouse.movementsIn' },
      { resource: 'wh/movements', target: 'fromLocationId', title: 'warehouse.movementsOut' },
    ],
  },
  dashboard: {
    headlines: ['wh/items', 'wh/warehouses', 'wh/DDT/in'],
    highlights: [{ key: 'itemsBelowMinimum', resource: 'wh/stocks', field: 'belowMinimum', values: true, rank: 3 }],
  },
};

export default warehouse;
