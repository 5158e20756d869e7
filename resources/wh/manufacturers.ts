import { defineResource, f } from '../schema';

/** Who makes items and machines (docs/domain.md#parties); archived rather than deleted once referenced. */
export default defineResource({
  name: 'wh/manufacturers',
  service: 'warehouse',
  endpoint: 'manufacturers',
  table: 'manufacturers',
  // Master data: technicians read it (the maker of their machines and items).
  access: { list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'], show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'] },
  recordRepresentation: ['name'],
  fields: {
    // Unique regardless of case: text unique indexes compare lower(name).
    name: f.text({ required: true, max: 80, unique: true, searchable: true }),
    website: f.url({ max: 200 }),
    supportPhone: f.phone(),
    notes: f.longText({ max: 2000 }),
    active: f.boolean({ default: true, filter: ['eq'] }),
  },
  views: {
    list: {
      columns: ['name', 'website', 'supportPhone', 'active'],
      sort: { field: 'name', order: 'ASC' },
      filters: ['q', 'active'],
    },
    form: {
      sections: [
        { id: 'main', fields: ['name', 'website', 'supportPhone', 'active'] },
        { id: 'notes', fields: ['notes'] },
      ],
    },
  },
});
