import type { salesInstalments, salesPayments } from '../../resources';
import type { LabelsFor } from '../labels';
import { paymentMethodsEn, systemFieldsEn } from './sales-codes.en';

/** Why a payment is refused (validation.sales.*). */
export const salesPaymentsValidationEn = {
  invoiceNotIssued: 'Payments are recorded against an issued invoice (this one is ":status")',
  instalmentOfInvoice: 'Must be an instalment of the invoice',
  overOutstanding: 'Exceeds what is still owed (:outstanding)',
  paymentFixed: 'Cannot change on a recorded payment: delete it and record it again',
};

/** Labels of what invoices are owed and paid with: instalments (the Scadenzario) and payments. */
export const salesPaymentsEn = {
  'sales/instalments': {
    name: 'Instalment |||| Instalments',
    fields: {
      invoiceId: 'Invoice',
      invoiceNumber: 'Invoice number',
      customerId: 'Customer',
      customerName: 'Customer name',
      position: 'Instalment',
      dueDate: 'Due date',
      amount: 'Amount',
      paidAmount: 'Paid',
      outstandingAmount: 'Outstanding',
      method: 'Method',
      status: 'Status',
      lastPaymentDate: 'Last payment',
      ...systemFieldsEn,
    },
    enums: {
      method: paymentMethodsEn,
      status: { open: 'Open', partiallyPaid: 'Partially paid', paid: 'Paid', cancelled: 'Cancelled' },
    },
    sections: { instalment: 'Instalment', amounts: 'Amounts' },
    presets: { overdue: 'Overdue', dueSoon: 'Due within 7 days' },
  },
  'sales/payments': {
    name: 'Payment |||| Payments',
    fields: {
      invoiceId: 'Invoice',
      instalmentId: 'Instalment',
      customerId: 'Customer',
      date: 'Date',
      amount: 'Amount',
      method: 'Method',
      reference: 'Reference',
      notes: 'Notes',
      allocations: 'Allocated to',
      ...systemFieldsEn,
    },
    enums: { method: paymentMethodsEn },
    sections: { payment: 'Payment', details: 'Details' },
    lines: { allocations: { fields: { instalmentId: 'Instalment', amount: 'Amount' }, totals: { amount: 'Total' } } },
  },
} satisfies {
  'sales/instalments': LabelsFor<typeof salesInstalments>;
  'sales/payments': LabelsFor<typeof salesPayments>;
};
