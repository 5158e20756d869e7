import type { invoicesEn, invoiceValidationEn, salesNamesEn } from './sales-invoices.en';

export const invoiceValidationIt: typeof invoiceValidationEn = {
  invoiceNoLines: 'Una fattura senza righe non può essere emessa',
  invoiceFutureDate: 'Una fattura non può essere emessa con una data successiva a oggi (:today)',
  invoiceBeforePrevious: "Non può essere precedente all'ultima fattura della serie, :number del :date",
  invoiceLocked: 'Una fattura emessa non si modifica, salvo se scartata dallo SdI: si corregge con una nota di credito',
  customerBlocked: 'Il cliente è bloccato e non può essere fatturato',
  creditNoteOfCreditNote: 'Una nota di credito non si storna con un’altra nota di credito',
  creditNoteTooLarge: 'La nota di credito supera quanto resta da stornare sulle fatture collegate (:left)',
  relatedIssued: 'Devono essere fatture emesse dello stesso cliente',
  seriesUsed: 'La serie ha numerato documenti fiscali: questo non può più cambiare',
  seriesRewind: 'La serie ha già usato il numero :number: il prossimo non può essere inferiore',
};

export const invoicesIt: typeof invoicesEn = {
  creditNoteNotes: 'Storno fattura :number del :date',
};

export const salesNamesIt: typeof salesNamesEn = {
  draftOf: 'Bozza del :date',
  instalment: 'rata :position',
  payment: 'Incasso del :date',
};
