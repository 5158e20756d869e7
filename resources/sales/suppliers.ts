import { defineResource, f } from '../schema';
import { PAYMENT_METHODS } from './codes';

const fields = {
  /** "F00001": given by the sales hooks from the supplier numbering series when left empty. */
  code: f.text({ max: 20, unique: true, searchable: true }),
  legalName: f.text({ required: true, max: 80, searchable: true }),
  vatNumber: f.vatNumber({ required: true, searchable: true }),
  taxCode: f.fiscalCode(),
  address: f.address({ required: true }),
  email: f.email({ searchable: true }),
  pecEmail: f.email(),
  phone: f.phone(),
  iban: f.iban(),
  paymentTermId: f.reference('sales/payment-terms'),
  paymentMethod: f.enum(PAYMENT_METHODS),
  leadTimeDays: f.integer({ min: 0, max: 365 }),
  isRetailer: f.boolean({ default: false }),
  notes: f.richText(),
  active: f.boolean({ default: true }),
};

/** A supplier the company buys from (docs/domain.md#parties); incoming DDTs come from suppliers. */
export default defineResource({
  name: 'sales/suppliers',
  service: 'sales',
  endpoint: 'suppliers',
  table: 'suppliers',
  recordRepresentation: ['legalName'],
  fields,
  views: {
    list: {
      columns: ['code', 'legalName', 'vatNumber', 'email', 'phone', 'isRetailer', 'active'],
      sort: { field: 'legalName', order: 'ASC' },
      filters: ['q', 'isRetailer', 'active'],
    },
    form: {
      sections: [
        { id: 'identity', fields: ['code', 'legalName', 'vatNumber', 'taxCode', 'active', 'isRetailer'] },
        { id: 'contacts', fields: ['address', 'email', 'pecEmail', 'phone'] },
        { id: 'payment', fields: ['paymentTermId', 'paymentMethod', 'iban', 'leadTimeDays'] },
        { id: 'other', fields: ['notes'] },
      ],
    },
  },
});
