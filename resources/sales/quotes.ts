import { defineResource, f, type RecordInput } from '../schema';
import { moneyLineRules, moneyLines, totalFields } from './money-lines';
import { notBefore } from './rules';

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'rejected', 'expired', 'converted'] as const;

const fields = {
  /** "Q/2026/0001", from the quote numbering series when the quote is created. */
  number: f.text({ readOnly: true, max: 20, unique: true, searchable: true }),
  revision: f.integer({ readOnly: true, default: 0 }),
  date: f.date({ required: true }),
  validUntil: f.date({ required: true }),
  customerId: f.reference('sales/customers', { required: true }),
  siteId: f.reference('sales/sites', { narrowBy: { customerId: 'customerId' } }),
  contactId: f.reference('address-book/contacts'),
  ticketId: f.reference('ticketing/requests'),
  subject: f.text({ max: 120, searchable: true }),
  lines: moneyLines(),
  ...totalFields(),
  paymentTermId: f.reference('sales/payment-terms'),
  notes: f.richText(),
  termsAndConditions: f.longText({ max: 4000 }),
  attachments: f.attachments(),
  status: f.enum(QUOTE_STATUSES, { readOnly: true, default: 'draft' }),
  acceptedAt: f.datetime({ readOnly: true }),
  acceptedBy: f.text({ readOnly: true, max: 80 }),
  rejectionReason: f.longText({ readOnly: true, max: 1000 }),
};

type Quote = RecordInput<typeof fields>;

/**
 * A quote (preventivo, docs/domain.md#quotes-and-proformas): non-fiscal, numbered on creation from its own
 * series. Its status moves only through lifecycle actions (send, accept, reject, expire, convert).
 */
export default defineResource({
  name: 'sales/quotes',
  service: 'sales',
  endpoint: 'quotes',
  table: 'quotes',
  recordRepresentation: ['number', 'subject'],
  fields,
  rules: [notBefore<Quote>('validUntil', 'date', 'notBeforeDate'), ...moneyLineRules<Quote>()],
  views: {
    list: {
      columns: ['number', 'date', 'customerId', 'subject', 'validUntil', 'totalDocument', 'status'],
      sort: { field: 'date', order: 'DESC' },
      filters: ['q', 'status', 'customerId', 'date', 'validUntil'],
    },
    form: {
      sections: [
        {
          id: 'document',
          fields: [
            'number',
            'revision',
            'status',
            'date',
            'validUntil',
            'subject',
            'acceptedAt',
            'acceptedBy',
            'rejectionReason',
          ],
        },
        { id: 'customer', fields: ['customerId', 'siteId', 'contactId', 'ticketId'] },
        { id: 'lines', fields: ['lines', 'totalTaxable', 'totalVat', 'totalDocument'] },
        { id: 'terms', fields: ['paymentTermId', 'termsAndConditions', 'notes', 'attachments'] },
      ],
    },
  },
});
