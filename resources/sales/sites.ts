import { defineResource, f } from '../schema';

const fields = {
  customerId: f.reference('sales/customers', { required: true }),
  /** Unique per customer (checked by the sales hooks). */
  code: f.text({ required: true, max: 20, searchable: true }),
  name: f.text({ required: true, max: 80, searchable: true }),
  address: f.address({ required: true }),
  /** The building a floor or area belongs to: a site of the same customer, never itself or below itself. */
  parentSiteId: f.reference('sales/sites', { narrowBy: { customerId: 'customerId' } }),
  accessNotes: f.longText({ max: 2000 }),
  openingHours: f.text({ max: 200 }),
  primaryContactId: f.reference('address-book/contacts'),
  zone: f.text({ max: 40, searchable: true }),
  /** F-gas operator when not the customer (an owner who rents the premises out): machines default to it. */
  fgasOperatorCustomerId: f.reference('sales/customers'),
  active: f.boolean({ default: true }),
};

/** A customer's site, where the plants are (docs/domain.md#parties). */
export default defineResource({
  name: 'sales/sites',
  service: 'sales',
  endpoint: 'sites',
  table: 'sites',
  // Technicians read those their activities reach (server/services/wfm/technician-scope.ts).
  access: { list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'], show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'] },
  recordRepresentation: ['code', 'name'],
  fields,
  views: {
    list: {
      columns: ['code', 'name', 'customerId', 'address', 'zone', 'active'],
      sort: { field: 'name', order: 'ASC' },
      filters: ['q', 'customerId', 'zone', 'active'],
    },
    form: {
      sections: [
        { id: 'site', fields: ['customerId', 'code', 'name', 'parentSiteId', 'active'] },
        { id: 'location', fields: ['address', 'zone', 'openingHours', 'accessNotes'] },
        { id: 'people', fields: ['primaryContactId', 'fgasOperatorCustomerId'] },
      ],
    },
  },
});
