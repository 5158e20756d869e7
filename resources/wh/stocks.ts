import { decimal, defineResource, f } from '../schema';

/**
 * On-hand quantity per item, warehouse, location and lot (docs/domain.md#movements-and-the-stock-ledger): a projection of done
 * movements, written only by the warehouse service's stock posting in the movement's transaction.
 * Nobody creates, edits or deletes it through the API.
 */
export default defineResource({
  name: 'wh/stocks',
  service: 'warehouse',
  endpoint: 'stocks',
  table: 'stocks',
  // Technicians read their van's (server/services/wfm/technician-scope.ts).
  access: {
    list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'],
    show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'],
    create: [],
    edit: [],
    delete: [],
  },
  recordRepresentation: ['lotNumber'],
  fields: {
    itemId: f.reference('wh/items', { required: true }),
    warehouseId: f.reference('wh/warehouses', { required: true }),
    locationId: f.reference('wh/warehouses/locations'),
    lotNumber: f.text({ max: 40, searchable: true }),
    onHand: f.quantity({ required: true }),
    reserved: f.quantity({ min: 0 }),
    available: f.computed(f.quantity(), (s) => decimal.dec(s.onHand).minus(decimal.dec(s.reserved))),
    lastMovementAt: f.datetime(),
  },
  views: {
    list: {
      columns: [
        'itemId',
        'warehouseId',
        'locationId',
        'lotNumber',
        'onHand',
        'reserved',
        'available',
        'lastMovementAt',
      ],
      sort: { field: 'lastMovementAt', order: 'DESC' },
      filters: ['q', 'itemId', 'warehouseId', 'locationId', 'onHand', 'available'],
    },
    form: {
      sections: [
        { id: 'main', fields: ['itemId', 'warehouseId', 'locationId', 'lotNumber'] },
        { id: 'quantities', fields: ['onHand', 'reserved', 'available', 'lastMovementAt'] },
      ],
    },
  },
});
