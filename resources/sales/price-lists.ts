import { defineResource, f } from '../schema';

/**
 * A price list (docs/domain.md#payment-terms-and-price-lists, `PriceList`): a product's prices are kept per list, and a
 * customer buys at the list assigned to them, or at the default list (`isDefault`, exactly one per tenant: the
 * sales hooks clear the others when one is set) when none is. A list no longer offered is archived (`active: false`).
 */
export default defineResource({
  name: 'sales/price-lists',
  service: 'sales',
  endpoint: 'price-lists',
  recordRepresentation: ['name'],
  fields: {
    name: f.text({ required: true, max: 40, unique: true, searchable: true }),
    description: f.text({ max: 200, searchable: true }),
    isDefault: f.boolean({ default: false }),
    active: f.boolean({ default: true }),
  },
  views: {
    list: {
      columns: ['name', 'description', 'isDefault', 'active'],
      sort: { field: 'name', order: 'ASC' },
      filters: ['q', 'isDefault', 'active'],
    },
    form: {
      sections: [{ id: 'list', fields: ['name', 'description', 'isDefault', 'active'] }],
    },
  },
});
