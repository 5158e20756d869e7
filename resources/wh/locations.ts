import { defineResource, f } from '../schema';

/**
 * A place inside a warehouse (shelf, bin, receiving bay: docs/domain.md#items-warehouses-and-locations). Its code is unique within its
 * warehouse and its parent lies in the same warehouse: the warehouse service's hooks check both.
 */
export default defineResource({
  name: 'wh/warehouses/locations',
  service: 'warehouse',
  endpoint: 'locations',
  table: 'locations',
  recordRepresentation: ['code', 'name'],
  fields: {
    warehouseId: f.reference('wh/warehouses', { required: true }),
    code: f.text({ required: true, max: 30, searchable: true, filter: ['eq', 'startsWith', 'contains', 'in'] }),
    name: f.text({ max: 80, searchable: true }),
    parentLocationId: f.reference('wh/warehouses/locations'),
    kind: f.enum(['storage', 'receiving', 'quarantine', 'scrap'], { required: true, default: 'storage' }),
    active: f.boolean({ default: true, filter: ['eq'] }),
  },
  views: {
    list: {
      columns: ['warehouseId', 'code', 'name', 'kind', 'parentLocationId', 'active'],
      sort: { field: 'code', order: 'ASC' },
      filters: ['q', 'warehouseId', 'kind', 'active'],
    },
    form: {
      sections: [{ id: 'main', fields: ['warehouseId', 'code', 'name', 'kind', 'parentLocationId', 'active'] }],
    },
  },
});
