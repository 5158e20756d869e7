import { defineResource, f, type RecordInput } from '../schema';
import { PAYMENT_METHODS } from './codes';
import { moneyLineRules, moneyLines, totalFields } from './money-lines';
import { notBefore } from './rules';

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
  fields,
  rules: [notBefore<Proforma>('dueDate', 'date', 'notBeforeDate'), ...moneyLineRules<Proforma>()],
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
        { id: 'links', fields: ['sourceQuoteId', 'activityIds', 'contractId', 'invoiceId', 'notes'] },
      ],
    },
  },
});
