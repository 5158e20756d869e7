import { defineResource, f } from '../schema';
import { PAYMENT_METHODS } from './codes';

export const INSTALMENT_STATUSES = ['open', 'partiallyPaid', 'paid', 'cancelled'] as const;

/**
 * One instalment of an issued invoice (scadenza, docs/domain.md#due-dates-and-payments): opened by the
 * `issue` action from the invoice's due dates, paid by payments (sales/payments). The "Scadenzario" is
 * their list. Nobody writes them directly: amounts and states move with the invoice and its payments.
 */
export default defineResource({
  name: 'sales/instalments',
  service: 'sales',
  endpoint: 'instalments',
  table: 'instalments',
  access: { create: [], edit: [], delete: [] },
  recordRepresentation: ['invoiceNumber', 'dueDate'],
  fields: {
    invoiceId: f.reference('sales/invoices', { required: true }),
    /** The invoice's number and customer, copied so the list reads and searches without a join. */
    invoiceNumber: f.text({ max: 20, searchable: true }),
    customerId: f.reference('sales/customers', { required: true }),
    customerName: f.text({ max: 80, searchable: true }),
    /** 1, 2 ... in due-date order within the invoice. */
    position: f.integer({ required: true, min: 1, max: 24 }),
    dueDate: f.date({ required: true }),
    amount: f.money({ required: true }),
    paidAmount: f.money({ default: '0.00' }),
    outstandingAmount: f.money(),
    method: f.enum(PAYMENT_METHODS),
    status: f.enum(INSTALMENT_STATUSES, { default: 'open' }),
    lastPaymentDate: f.date(),
  },
  views: {
    list: {
      columns: [
        'dueDate',
        'invoiceId',
        'customerId',
        'position',
        'amount',
        'paidAmount',
        'outstandingAmount',
        'method',
        'status',
      ],
      sort: { field: 'dueDate', order: 'ASC' },
      filters: ['q', 'status', 'customerId', 'dueDate', 'method', 'invoiceId'],
      // Not paid past the due date, or due within a week (docs/domain.md#due-dates-and-payments).
      presets: {
        overdue: {
          where: [
            { field: 'dueDate', operator: 'lt', value: { today: 0 } },
            { field: 'status', operator: 'neq', value: 'paid' },
            { field: 'status', operator: 'neq', value: 'cancelled' },
          ],
          marks: 'dueDate',
          tone: 'error',
        },
        dueSoon: {
          where: [
            { field: 'dueDate', operator: 'gte', value: { today: 0 } },
            { field: 'dueDate', operator: 'lte', value: { today: 7 } },
            { field: 'status', operator: 'neq', value: 'paid' },
            { field: 'status', operator: 'neq', value: 'cancelled' },
          ],
          marks: 'dueDate',
          tone: 'warning',
        },
      },
    },
    form: {
      sections: [
        { id: 'instalment', fields: ['invoiceId', 'invoiceNumber', 'customerId', 'customerName', 'position'] },
        {
          id: 'amounts',
          fields: ['dueDate', 'amount', 'paidAmount', 'outstandingAmount', 'method', 'status', 'lastPaymentDate'],
        },
      ],
    },
  },
});
