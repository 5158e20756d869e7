import { defineResource, f, requiredWhen, type RecordInput } from '../schema';

const fields = {
  code: f.text({ required: true, max: 10, unique: true, searchable: true, filter: ['eq', 'startsWith', 'in'] }),
  name: f.text({ required: true, max: 80, searchable: true }),
  type: f.enum(['main', 'van', 'site', 'virtual'], { required: true, default: 'main' }),
  address: f.address(),
  /** The technician whose van this is: one van per technician. */
  technicianId: f.reference('wfm/technicians', { unique: true }),
  /** Vans usually allow it: consumption is often recorded before the refill transfer is keyed. */
  allowNegativeStock: f.boolean({ default: false, filter: ['eq'] }),
  active: f.boolean({ default: true, filter: ['eq'] }),
};

type Warehouse = RecordInput<typeof fields>;

/** A warehouse: the main one, a technician's van, a customer site or a virtual one (docs/domain.md#items-warehouses-and-locations). */
export default defineResource({
  name: 'wh/warehouses',
  service: 'warehouse',
  endpoint: 'warehouses',
  table: 'warehouses',
  // Technicians read those their activities reach (server/services/wfm/technician-scope.ts).
  access: { list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'], show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'] },
  recordRepresentation: ['code', 'name'],
  fields,
  rules: [requiredWhen<Warehouse>('technicianId', (w) => w.type === 'van')],
  views: {
    list: {
      columns: ['code', 'name', 'type', 'technicianId', 'allowNegativeStock', 'active'],
      sort: { field: 'code', order: 'ASC' },
      filters: ['q', 'type', 'technicianId', 'active'],
    },
    form: {
      sections: [
        { id: 'main', fields: ['code', 'name', 'type', 'technicianId', 'allowNegativeStock', 'active'] },
        { id: 'address', fields: ['address'] },
      ],
    },
  },
});
