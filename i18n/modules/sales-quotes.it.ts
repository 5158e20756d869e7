import type { documentMailsEn, quoteValidationEn } from './sales-quotes.en';

/** Testi del ciclo di vita di preventivi e proforma. */
export const quoteValidationIt: typeof quoteValidationEn = {
  quoteNotDraft: 'Il preventivo è già stato inviato: per modificarlo crearne una revisione',
  proformaNotDraft: 'Solo una proforma in bozza si può modificare',
  quoteStillValid: 'Il preventivo è valido fino al :date: non può ancora scadere',
  documentNoRecipient: "Il cliente non ha un indirizzo e-mail: indicare l'indirizzo a cui inviare",
  paidOverTotal: 'Non può superare il totale del documento (:total)',
  paidInFuture: 'Non può essere una data futura',
};

/** Le e-mail che accompagnano un preventivo o una proforma. */
export const documentMailsIt: typeof documentMailsEn = {
  quote: {
    mailSubject: 'Preventivo :number',
    mailText:
      'Buongiorno,\n\nin allegato il nostro preventivo :number del :date, valido fino al :validUntil.\n\n:company',
  },
  proforma: {
    mailSubject: 'Fattura proforma :number',
    mailText:
      'Buongiorno,\n\nin allegato la fattura proforma :number del :date. Documento non valido ai fini fiscali: la fattura seguirà il pagamento.\n\n:company',
  },
};
