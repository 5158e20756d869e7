/** Why an invoice, a credit note or a numbering series refuses a change (docs/domain.md#invoices). */
export const invoiceValidationEn = {
  invoiceNoLines: 'An invoice without lines cannot be issued',
  invoiceFutureDate: 'An invoice cannot be issued with a date after today (:today)',
  invoiceBeforePrevious: 'Must not be earlier than the last invoice of the series, :number of :date',
  invoiceLocked: 'An issued invoice cannot be changed unless the SdI rejected it: it is corrected by a credit note',
  customerBlocked: 'The customer is blocked and cannot be invoiced',
  creditNoteOfCreditNote: 'A credit note is not corrected by another credit note',
  creditNoteTooLarge: 'The credit note exceeds what is left to credit on the invoices it corrects (:left)',
  relatedIssued: 'Must be issued invoices of the same customer',
  seriesUsed: 'The series has numbered fiscal documents: this cannot change any more',
  seriesRewind: 'The series has already used number :number: the next one cannot be lower',
};

/** The invoices' own texts (server/services/sales/invoices). */
export const invoicesEn = {
  creditNoteNotes: 'Reversal of invoice :number of :date',
};

/** How the SPA names sales documents in titles and pickers (src/modules/sales/represent.ts). */
export const salesNamesEn = {
  draftOf: 'Draft of :date',
  instalment: 'instalment :position',
  payment: 'Payment of :date',
};
