import { decimal, defineResource, f } from '../schema';
import { PAYMENT_METHODS } from './codes';

/**
 * A payment received against an issued invoice (incasso, docs/domain.md#due-dates-and-payments): it pays
 * one instalment, or when none is named the oldest open ones in due-date order; never more than is still
 * owed (409). The sales hooks keep the instalments' and the invoice's paid amounts and payment status in
 * step, in the payment's transaction; deleting a payment gives the amount back.
 */
export default defineResource({
  name: 'sales/payments',
  service: 'sales',
  endpoint: 'payments',
  table: 'payments',
  recordRepresentation: ['date', 'amount'],
  fields: {
    invoiceId: f.reference('sales/invoices', { required: true }),
    instalmentId: f.reference('sales/instalments', { narrowBy: { invoiceId: 'invoiceId' } }),
    customerId: f.reference('sales/customers', { readOnly: true }),
    date: f.date({ required: true }),
    amount: f.money({ required: true, min: '0.01' }),
    method: f.enum(PAYMENT_METHODS),
    /** Bank transaction id, cheque number, CRO/TRN of the transfer. */
    reference: f.text({ max: 60, searchable: true }),
    notes: f.longText({ max: 1000 }),
    /** How the amount went to the instalments: set by the hooks. */
    allocations: f.lines(
      { instalmentId: f.reference('sales/instalments', { required: true }), amount: f.money({ required: true }) },
      { readOnly: true, max: 24, totals: (lines) => ({ amount: decimal.sumOf(lines, 'amount') }) },
    ),
  },
  views: {
    list: {
      columns: ['date', 'invoiceId', 'customerId', 'amount', 'method', 'reference'],
      sort: { field: 'date', order: 'DESC' },
      filters: ['q', 'invoiceId', 'customerId', 'date', 'method'],
    },
    form: {
      sections: [
        { id: 'payment', fields: ['invoiceId', 'instalmentId', 'customerId', 'date', 'amount', 'method'] },
        { id: 'details', fields: ['reference', 'notes', 'allocations'] },
      ],
    },
  },
});
