/** Texts of the quotes' and proformas' lifecycle (server/services/sales/quotes, proformas, document-mail.ts). */
export const quoteValidationEn = {
  quoteNotDraft: 'The quote has been sent: revise it to change it',
  proformaNotDraft: 'Only a draft proforma can be changed',
  quoteStillValid: 'The quote is valid until :date: it cannot expire yet',
  documentNoRecipient: 'The customer has no e-mail address: type the address to send to',
  paidOverTotal: 'Must not exceed the document total (:total)',
  paidInFuture: 'Must not be a future date',
};

/** The mails that carry a quote or a proforma (`documents.quote`, `documents.proforma`). */
export const documentMailsEn = {
  quote: {
    mailSubject: 'Quote :number',
    mailText: 'Good morning,\n\nplease find attached our quote :number of :date, valid until :validUntil.\n\n:company',
  },
  proforma: {
    mailSubject: 'Proforma invoice :number',
    mailText:
      'Good morning,\n\nplease find attached the proforma invoice :number of :date. This is not a tax invoice: the invoice follows the payment.\n\n:company',
  },
};
