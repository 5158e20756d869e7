import { defineResource, f, type RecordInput } from '../schema';
import { moneyLineRules, moneyLines, totalFields } from './money-lines';
import { notBefore } from './rules';

const ADMIN = ['ROLE_ADMIN'] as const;

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
  sentAt: f.datetime({ readOnly: true }),
  /** The address the quote was last mailed to. */
  sentTo: f.email({ readOnly: true }),
  expiredAt: f.datetime({ readOnly: true }),
  convertedAt: f.datetime({ readOnly: true }),
  /** What the accepted quote became (the convert actions): links back from the proforma and the invoice. */
  proformaId: f.reference('sales/proformas', { readOnly: true }),
  invoiceId: f.reference('sales/invoices', { readOnly: true }),
  /** The PDF of each earlier revision, as it was sent, kept when the quote is revised. */
  previousVersions: f.attachments({ readOnly: true }),
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
  /** A sent quote changes only through a revision (the `revise` action). */
  editableWhile: { values: ['draft'], message: 'validation.sales.quoteNotDraft' },
  fields,
  rules: [notBefore<Quote>('validUntil', 'date', 'notBeforeDate'), ...moneyLineRules<Quote>()],
  actions: {
    /** Mails the quote's PDF to the customer (or to `to`); from then on its lines change only by a revision. */
    send: { from: ['draft'], to: 'sent', roles: ADMIN, input: { to: f.email() }, stamps: { sentAt: 'now' } },
    /** The customer accepted (signature, order, mail): who, recorded with the moment. */
    accept: {
      from: ['sent'],
      to: 'accepted',
      roles: ADMIN,
      input: { acceptedBy: f.text({ required: true, max: 80 }) },
      stamps: { acceptedAt: 'now' },
    },
    reject: {
      from: ['sent'],
      to: 'rejected',
      roles: ADMIN,
      input: { rejectionReason: f.longText({ required: true, max: 1000 }) },
    },
    /** Past `validUntil` with no answer: the daily `quote-expiry` job runs it too. */
    expire: { from: ['sent'], to: 'expired', roles: ADMIN, stamps: { expiredAt: 'now' } },
    /** A new version (revision + 1) back in draft; the PDF of the one sent is kept in `previousVersions`. */
    revise: { from: ['sent', 'rejected', 'expired'], to: 'draft', roles: ADMIN, stamps: { sentAt: null } },
    /** A draft proforma with the quote's lines, linked both ways. */
    convertToProforma: {
      from: ['accepted'],
      to: 'converted',
      roles: ADMIN,
      stamps: { convertedAt: 'now' },
      opens: 'proformaId',
    },
    /** A draft invoice with the quote's lines, linked both ways. */
    convertToInvoice: {
      from: ['accepted'],
      to: 'converted',
      roles: ADMIN,
      stamps: { convertedAt: 'now' },
      opens: 'invoiceId',
    },
  },
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
            'sentAt',
            'sentTo',
            'acceptedAt',
            'acceptedBy',
            'rejectionReason',
            'expiredAt',
          ],
        },
        { id: 'customer', fields: ['customerId', 'siteId', 'contactId', 'ticketId'] },
        { id: 'lines', fields: ['lines', 'totalTaxable', 'totalVat', 'totalDocument'] },
        { id: 'terms', fields: ['paymentTermId', 'termsAndConditions', 'notes', 'attachments'] },
        { id: 'links', fields: ['convertedAt', 'proformaId', 'invoiceId', 'previousVersions'] },
      ],
    },
  },
});
