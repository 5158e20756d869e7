import { defineResource, f } from '../schema';

/** A distributor items are bought from (docs/domain.md#parties), optionally linked to its accounting supplier. */
export default defineResource({
  name: 'wh/retailers',
  service: 'warehouse',
  endpoint: 'retailers',
  table: 'retailers',
  recordRepresentation: ['name'],
  fields: {
    name: f.text({ required: true, max: 80, unique: true, searchable: true }),
    supplierId: f.reference('sales/suppliers'),
    website: f.url({ max: 200 }),
    notes: f.longText({ max: 2000 }),
    active: f.boolean({ default: true, filter: ['eq'] }),
  },
  views: {
    list: {
      columns: ['name', 'supplierId', 'website', 'active'],
      sort: { field: 'name', order: 'ASC' },
      filters: ['q', 'supplierId', 'active'],
    },
    form: {
      sections: [
        { id: 'main', fields: ['name', 'supplierId', 'website', 'active'] },
        { id: 'notes', fields: ['notes'] },
      ],
    },
  },
});
