import type { salesPaymentsEn, salesPaymentsValidationEn } from './sales-payments.en';
import { paymentMethodsIt, systemFieldsIt } from './sales-codes.it';

export const salesPaymentsValidationIt: typeof salesPaymentsValidationEn = {
  invoiceNotIssued: 'Gli incassi si registrano su una fattura emessa (questa è ":status")',
  instalmentOfInvoice: 'Deve essere una scadenza della fattura',
  overOutstanding: 'Supera il residuo da incassare (:outstanding)',
  paymentFixed: 'Non modificabile su un incasso registrato: eliminalo e registralo di nuovo',
};

export const salesPaymentsIt: typeof salesPaymentsEn = {
  'sales/instalments': {
    name: 'Scadenza |||| Scadenze',
    fields: {
      invoiceId: 'Fattura',
      invoiceNumber: 'Numero fattura',
      customerId: 'Cliente',
      customerName: 'Ragione sociale cliente',
      position: 'Rata',
      dueDate: 'Scadenza',
      amount: 'Importo',
      paidAmount: 'Incassato',
      outstandingAmount: 'Residuo',
      method: 'Modalità',
      status: 'Stato',
      lastPaymentDate: 'Ultimo incasso',
      ...systemFieldsIt,
    },
    enums: {
      method: paymentMethodsIt,
      status: { open: 'Aperta', partiallyPaid: 'Pagata in parte', paid: 'Pagata', cancelled: 'Annullata' },
    },
    sections: { instalment: 'Rata', amounts: 'Importi' },
    presets: { overdue: 'Scadute', dueSoon: 'In scadenza entro 7 giorni' },
  },
  'sales/payments': {
    name: 'Incasso |||| Incassi',
    fields: {
      invoiceId: 'Fattura',
      instalmentId: 'Rata',
      customerId: 'Cliente',
      date: 'Data',
      amount: 'Importo',
      method: 'Modalità',
      reference: 'Riferimento (CRO, assegno...)',
      notes: 'Note',
      allocations: 'Ripartito su',
      ...systemFieldsIt,
    },
    enums: { method: paymentMethodsIt },
    sections: { payment: 'Incasso', details: 'Dettagli' },
    lines: { allocations: { fields: { instalmentId: 'Rata', amount: 'Importo' }, totals: { amount: 'Totale' } } },
  },
};
