import { defineResource, f } from '../schema';
import { SDI_STATUSES } from './invoices';

const ADMIN = ['ROLE_ADMIN'] as const;

/** A transmission (`send`) or one of the SdI's receipts (docs/domain.md#sdi-round-trip). */
export const SDI_EVENT_KINDS = ['send', 'RC', 'NS', 'MC', 'NE', 'DT', 'AT'] as const;
/** NotificaEsito's outcome: EC01 the public administration accepts the invoice, EC02 it refuses it. */
export const SDI_OUTCOMES = ['EC01', 'EC02'] as const;

/** Declared apart from defineResource, so the lines' types are inferred from the fields alone. */
const fields = {
  invoiceId: f.reference('sales/invoices', { required: true }),
  kind: f.enum(SDI_EVENT_KINDS, { required: true }),
  /** The transmission's file name (IT<VAT>_<progressive>.xml) and progressive it concerns. */
  fileName: f.text({ max: 60, searchable: true }),
  progressive: f.text({ max: 10 }),
  /** IdentificativoSdI: the SdI's number of the transmission. */
  sdiIdentifier: f.text({ max: 20, searchable: true }),
  /** When the SdI received the file (a receipt's DataOraRicezione), or when it was sent. */
  receivedAt: f.datetime(),
  outcome: f.enum(SDI_OUTCOMES),
  /** NotificaScarto's ListaErrori: the codes the SdI rejected the file for. */
  errors: f.lines(
    {
      code: f.text({ max: 10 }),
      description: f.text({ max: 500 }),
      hint: f.text({ max: 500 }),
    },
    { max: 200 },
  ),
  /** The errors' codes joined ("00305, 00423"): what the lists show of a rejection. */
  errorCodes: f.text({ max: 200, searchable: true }),
  /** The receipt's own file name and MessageId (unique per tenant: a receipt is imported once). */
  receiptFileName: f.text({ max: 120 }),
  messageId: f.text({ max: 40, unique: true }),
  /** The SdI status the event moved the invoice to; empty when it was only recorded (an older transmission). */
  sdiStatus: f.enum(SDI_STATUSES),
  note: f.longText({ max: 2000 }),
};

/**
 * The SdI history of invoices (docs/domain.md#sdi-round-trip): one row per transmission and per receipt,
 * written by the sending actions and the receipt import, never by hand. A receipt's MessageId is unique per
 * tenant, which makes importing the same receipt twice harmless.
 */
export default defineResource({
  name: 'sales/sdi-events',
  service: 'sales',
  endpoint: 'sdi-events',
  table: 'sdi_events',
  access: { list: ADMIN, show: ADMIN, create: [], edit: [], delete: [] },
  recordRepresentation: ['kind', 'fileName'],
  fields,
  views: {
    list: {
      columns: ['receivedAt', 'invoiceId', 'kind', 'fileName', 'sdiIdentifier', 'sdiStatus', 'outcome', 'errorCodes'],
      sort: { field: 'createdAt', order: 'DESC' },
      filters: ['q', 'invoiceId', 'kind', 'sdiStatus'],
    },
    form: {
      sections: [
        {
          id: 'event',
          fields: ['invoiceId', 'kind', 'fileName', 'progressive', 'sdiIdentifier', 'receivedAt', 'sdiStatus'],
        },
        { id: 'receipt', fields: ['outcome', 'errorCodes', 'errors', 'receiptFileName', 'messageId', 'note'] },
      ],
    },
  },
});
