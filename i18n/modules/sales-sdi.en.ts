import type { salesSdiEvents } from '../../resources';
import type { LabelsFor } from '../labels';
import { systemFieldsEn } from './sales-codes.en';

/** Why a receipt, a sending or a correction is refused (validation.sales.*, docs/domain.md#sdi-round-trip). */
export const sdiValidationEn = {
  sdiReceiptDoctype: 'A receipt may not declare a DOCTYPE or entities',
  sdiReceiptMalformed: 'The file is not well-formed XML',
  sdiReceiptUnknown: 'The file is not an SdI receipt (RC, NS, MC, NE, DT or AT): its root is :element',
  sdiReceiptMissing: 'The receipt lacks :element',
  sdiReceiptInvalid: 'The receipt’s :element is not valid',
  sdiReceiptTooLarge: 'The receipt is larger than :limit',
  sdiReceiptMissingFile: 'Choose the receipt’s XML file',
  sdiReceiptNoInvoice: 'No invoice was sent to the SdI as :fileName',
  sdiReceiptPaOnly: 'A :kind receipt concerns invoices to public administrations only',
  sdiReceiptOutOfOrder: 'A :kind receipt does not follow from the SdI status ":status"',
  sdiSentMeanwhile: 'The invoice was sent or changed meanwhile: reload it',
  sdiCorrectionFixed: 'A rejected invoice is sent again as issued: this cannot change',
  sdiCorrectionAmounts: 'Payments or credits rest on this document: its amounts cannot change',
};

/** The SdI round trip's own texts: notifications, history notes and the invoice page (src/modules/sales/sdi). */
export const sdiEn = {
  rejectedTitle: 'Invoice :number rejected by the SdI',
  rejectedText: 'The SdI rejected invoice :number (:customer) with codes :codes: correct it and send it again.',
  earlierTransmission: 'Receipt of an earlier transmission: the status does not change. :note',
  resentNote: 'Sent again after the rejection of :previous',
  downloadXml: 'Download XML',
  importReceipt: 'Import SdI receipt',
  importTitle: 'Import an SdI receipt',
  importHelp: 'The receipt’s XML file as the SdI or your intermediary delivered it (RC, NS, MC, NE, DT, AT).',
  chooseFile: 'Choose file',
  noFile: 'No file chosen',
  import: 'Import',
  cancel: 'Cancel',
  imported: 'Receipt imported: SdI status ":status"',
  recorded: 'Receipt recorded (earlier transmission)',
  alreadyImported: 'This receipt was already imported',
  history: 'SdI history',
  noHistory: 'Not sent to the SdI yet',
  errorCodes: 'Rejection codes',
};

/** Labels of the SdI history (sales/sdi-events). */
export const salesSdiEn = {
  'sales/sdi-events': {
    name: 'SdI event |||| SdI events',
    fields: {
      invoiceId: 'Invoice',
      kind: 'Event',
      fileName: 'File name',
      progressive: 'Progressive',
      sdiIdentifier: 'SdI identifier',
      receivedAt: 'Date',
      outcome: 'Outcome',
      errors: 'Errors',
      errorCodes: 'Error codes',
      receiptFileName: 'Receipt file',
      messageId: 'Message id',
      sdiStatus: 'SdI status',
      note: 'Note',
      ...systemFieldsEn,
    },
    enums: {
      kind: {
        send: 'Sent',
        RC: 'RC – Delivery receipt',
        NS: 'NS – Rejection',
        MC: 'MC – Not delivered',
        NE: 'NE – Outcome',
        DT: 'DT – Deadline passed',
        AT: 'AT – Transmission certificate',
      },
      outcome: { EC01: 'EC01 – Accepted', EC02: 'EC02 – Refused' },
      sdiStatus: {
        notSent: 'Not sent',
        sent: 'Sent',
        delivered: 'Delivered',
        notDelivered: 'Not delivered',
        rejected: 'Rejected',
        accepted: 'Accepted',
        refused: 'Refused',
        expired: 'Expired',
      },
    },
    sections: { event: 'Event', receipt: 'Receipt' },
    lines: { errors: { fields: { code: 'Code', description: 'Description', hint: 'Hint' } } },
  },
} satisfies { 'sales/sdi-events': LabelsFor<typeof salesSdiEvents> };
