import { defineResource, f, type RecordInput } from '../schema';
import { PAYMENT_METHODS } from './codes';
import { moneyLineRules, moneyLines, totalFields } from './money-lines';
import { notBefore } from './rules';

const ADMIN = ['ROLE_ADMIN'] as const;

export const PROFORMA_STATUSES = ['draft', 'issued', 'paid', 'invoiced', 'cancelled'] as const;

const fields = {
  /** "PF/2026/0001", from the proforma numbering series (never the invoices'): not a tax document. */
  number: f.text({ readOnly: true, max: 20, unique: true, searchable: true }),
  date: f.date({ required: true }),
  customerId: f.reference('sales/customers', { required: true }),
  subject: f.text({ max: 120, searchable: true }),
  lines: moneyLines(),
  ...totalFields(),
  dueDate: f.date(),
  paymentMethod: f.enum(PAYMENT_METHODS),
  iban: f.iban(),
  sourceQuoteId: f.reference('sales/quotes'),
  activityIds: f.references('wfm/activities'),
  contractId: f.reference('ticketing/contracts'),
  notes: f.richText(),
  status: f.enum(PROFORMA_STATUSES, { readOnly: true, default: 'draft' }),
  paidAt: f.date({ readOnly: true }),
  paidAmount: f.money({ readOnly: true }),
  invoiceId: f.reference('sales/invoices', { readOnly: true }),
  sentAt: f.datetime({ readOnly: true }),
  sentTo: f.email({ readOnly: true }),
  cancelledAt: f.datetime({ readOnly: true }),
  cancelReason: f.longText({ readOnly: true, max: 1000 }),
};

type Proforma = RecordInput<typeof fields>;

/**
 * A proforma (docs/domain.md#quotes-and-proformas): a request for payment before the invoice, which is
 * issued once it is paid. Status changes come through lifecycle actions.
 */
export default defineResource({
  name: 'sales/proformas',
  service: 'sales',
  endpoint: 'proformas',
  table: 'proformas',
  recordRepresentation: ['number', 'subject'],
  /** Only a draft proforma changes; the others move through their actions. */
  editableWhile: { values: ['draft'], message: 'validation.sales.proformaNotDraft' },
  fields,
  rules: [notBefore<Proforma>('dueDate', 'date', 'notBeforeDate'), ...moneyLineRules<Proforma>()],
  actions: {
    /** Issues the proforma and mails its PDF to the customer (or to `to`): a request for payment. */
    send: { from: ['draft'], to: 'issued', roles: ADMIN, input: { to: f.email() }, stamps: { sentAt: 'now' } },
    /** The customer paid: when and how much (the invoice follows, since payment is the taxable event). */
    registerPayment: {
      from: ['issued'],
      to: 'paid',
      roles: ADMIN,
      input: { paidAt: f.date({ required: true }), paidAmount: f.money({ required: true, min: '0.01' }) },
    },
    /** A draft invoice with the proforma's lines, linked both ways. */
    convertToInvoice: { from: ['issued', 'paid'], to: 'invoiced', roles: ADMIN, opens: 'invoiceId' },
    cancel: {
      from: ['draft', 'issued'],
      to: 'cancelled',
      roles: ADMIN,
      input: { cancelReason: f.longText({ max: 1000 }) },
      stamps: { cancelledAt: 'now' },
    },
  },
  views: {
    list: {
      columns: ['number', 'date', 'customerId', 'subject', 'dueDate', 'totalDocument', 'status'],
      sort: { field: 'date', order: 'DESC' },
      filters: ['q', 'status', 'customerId', 'date', 'dueDate'],
    },
    form: {
      sections: [
        { id: 'document', fields: ['number', 'status', 'date', 'subject', 'customerId'] },
        { id: 'lines', fields: ['lines', 'totalTaxable', 'totalVat', 'totalDocument'] },
        { id: 'payment', fields: ['dueDate', 'paymentMethod', 'iban', 'paidAt', 'paidAmount'] },
        { id: 'sending', fields: ['sentAt', 'sentTo', 'cancelledAt', 'cancelReason'] },
        { id: 'links', fields: ['sourceQuoteId', 'activityIds', 'contractId', 'invoiceId', 'notes'] },
      ],
    },
  },
});
