import type { salesSdiEn, sdiEn, sdiValidationEn } from './sales-sdi.en';
import { systemFieldsIt } from './sales-codes.it';

/** The Italian texts of sdiValidationEn (docs/domain.md#sdi-round-trip). */
export const sdiValidationIt: typeof sdiValidationEn = {
  sdiReceiptDoctype: 'Una ricevuta non può dichiarare DOCTYPE o entità',
  sdiReceiptMalformed: 'Il file non è un XML ben formato',
  sdiReceiptUnknown: 'Il file non è una ricevuta SdI (RC, NS, MC, NE, DT o AT): il suo elemento radice è :element',
  sdiReceiptMissing: 'Nella ricevuta manca :element',
  sdiReceiptInvalid: 'Il valore di :element nella ricevuta non è valido',
  sdiReceiptTooLarge: 'La ricevuta supera :limit',
  sdiReceiptMissingFile: 'Scegli il file XML della ricevuta',
  sdiReceiptNoInvoice: 'Nessuna fattura è stata inviata allo SdI come :fileName',
  sdiReceiptPaOnly: 'Una ricevuta :kind riguarda solo le fatture alla pubblica amministrazione',
  sdiReceiptOutOfOrder: 'Una ricevuta :kind non è possibile con lo stato SdI «:status»',
  sdiSentMeanwhile: 'La fattura è stata inviata o modificata nel frattempo: ricaricala',
  sdiCorrectionFixed: 'Una fattura scartata si reinvia come emessa: questo dato non può cambiare',
  sdiCorrectionAmounts: 'Sul documento ci sono incassi o storni: gli importi non possono cambiare',
};

export const sdiIt: typeof sdiEn = {
  rejectedTitle: 'Fattura :number scartata dallo SdI',
  rejectedText: 'Lo SdI ha scartato la fattura :number (:customer) con i codici :codes: correggila e reinviala.',
  earlierTransmission: 'Ricevuta di un invio precedente: lo stato non cambia. :note',
  resentNote: 'Reinviata dopo lo scarto di :previous',
  downloadXml: 'Scarica XML',
  importReceipt: 'Importa ricevuta SdI',
  importTitle: 'Importa una ricevuta SdI',
  importHelp: 'Il file XML della ricevuta come lo consegna lo SdI o il tuo intermediario (RC, NS, MC, NE, DT, AT).',
  chooseFile: 'Scegli il file',
  noFile: 'Nessun file scelto',
  import: 'Importa',
  cancel: 'Annulla',
  imported: 'Ricevuta importata: stato SdI «:status»',
  recorded: 'Ricevuta registrata (invio precedente)',
  alreadyImported: 'Questa ricevuta era già stata importata',
  history: 'Storico SdI',
  noHistory: 'Non ancora inviata allo SdI',
  errorCodes: 'Codici di scarto',
};

export const salesSdiIt: typeof salesSdiEn = {
  'sales/sdi-events': {
    name: 'Evento SdI |||| Eventi SdI',
    fields: {
      invoiceId: 'Fattura',
      kind: 'Evento',
      fileName: 'Nome file',
      progressive: 'Progressivo',
      sdiIdentifier: 'Identificativo SdI',
      receivedAt: 'Data',
      outcome: 'Esito',
      errors: 'Errori',
      errorCodes: 'Codici errore',
      receiptFileName: 'File ricevuta',
      messageId: 'Identificativo messaggio',
      sdiStatus: 'Stato SdI',
      note: 'Note',
      ...systemFieldsIt,
    },
    enums: {
      kind: {
        send: 'Invio',
        RC: 'RC – Ricevuta di consegna',
        NS: 'NS – Notifica di scarto',
        MC: 'MC – Mancata consegna',
        NE: 'NE – Notifica di esito',
        DT: 'DT – Decorrenza termini',
        AT: 'AT – Attestazione di trasmissione',
      },
      outcome: { EC01: 'EC01 – Accettata', EC02: 'EC02 – Rifiutata' },
      sdiStatus: {
        notSent: 'Non inviata',
        sent: 'Inviata',
        delivered: 'Consegnata',
        notDelivered: 'Mancata consegna',
        rejected: 'Scartata',
        accepted: 'Accettata',
        refused: 'Rifiutata',
        expired: 'Decorrenza termini',
      },
    },
    sections: { event: 'Evento', receipt: 'Ricevuta' },
    lines: { errors: { fields: { code: 'Codice', description: 'Descrizione', hint: 'Suggerimento' } } },
  },
};
