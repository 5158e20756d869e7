import { decimal, defineResource, f, type RecordInput, type Rule } from '../schema';
import { PAYMENT_METHODS, WITHHOLDING_REASONS } from './codes';
import { customerSnapshotField } from './customer-snapshot';
import { documentTotals, moneyLineRules, moneyLines } from './money-lines';
import { issue, notBefore, rowsOf } from './rules';
import { amountPayable, documentTotal, withholdingAmount } from './tax';

const ADMIN = ['ROLE_ADMIN'] as const;

export const DOCUMENT_TYPES = ['TD01', 'TD02', 'TD04', 'TD05', 'TD06', 'TD24', 'TD25'] as const;
export const INVOICE_STATUSES = ['draft', 'issued', 'cancelled', 'cancelledByCreditNote'] as const;
export const SDI_STATUSES = [
  'notSent',
  'sent',
  'delivered',
  'notDelivered',
  'rejected',
  'accepted',
  'refused',
  'expired',
] as const;
export const PAYMENT_STATUSES = ['unpaid', 'partiallyPaid', 'paid'] as const;

const fields = {
  documentType: f.enum(DOCUMENT_TYPES, { required: true, default: 'TD01' }),
  seriesId: f.reference('sales/numbering-series', { required: true }),
  /** Year, number and full number are assigned when the invoice is issued (gap-free, under lock). */
  year: f.integer({ readOnly: true }),
  number: f.integer({ readOnly: true }),
  fullNumber: f.text({ readOnly: true, max: 20, searchable: true }),
  date: f.date({ required: true }),
  customerId: f.reference('sales/customers', { required: true }),
  /** The customer's name as printed on the document: set by the sales hooks, frozen on issue. */
  customerName: f.text({ readOnly: true, max: 80, searchable: true }),
  /** The customer's tax data frozen on issue (docs/domain.md#customer-snapshot): what the XML and PDF print. */
  customerSnapshot: customerSnapshotField(),
  /** The period a deferred (TD24) or contract invoice covers. */
  periodStart: f.date(),
  periodEnd: f.date(),
  lines: moneyLines(),
  /**
   * The virtual stamp duty due (2.00 when the lines without VAT exceed 77.47, docs/domain.md#tax-cases): set by the
   * sales hooks on every draft write and on issue, never typed. Whether the customer pays it: `stampDutyCharged`
   * (the company's `stampDutyCharged` option when left empty).
   */
  stampDuty: f.money({ readOnly: true }),
  stampDutyCharged: f.boolean(),
  totalTaxable: f.computed(f.money(), (r) => documentTotals(r.lines).taxable),
  totalVat: f.computed(f.money(), (r) => documentTotals(r.lines).vat),
  totalDocument: f.computed(f.money(), documentTotal),
  /** Split payment (art. 17-ter DPR 633/72): the customer's regime, copied by the sales hooks on drafts and on issue. */
  splitPayment: f.boolean({ readOnly: true, default: false }),
  /** Ritenuta d'acconto: the customer's rate and 770 reason copied on drafts (docs/domain.md#withholding-tax). */
  withholdingRate: f.percent(),
  withholdingReason: f.enum(WITHHOLDING_REASONS),
  withholdingAmount: f.computed(f.money(), withholdingAmount),
  /** What the customer pays: the total less split-payment VAT and the withholding; the due dates add up to it. */
  amountPayable: f.computed(f.money(), amountPayable),
  /** The customer's declaration of intent when the invoice was written (it may later change): set by the hooks. */
  declarationProtocolNumber: f.text({ readOnly: true, max: 40 }),
  declarationDate: f.date({ readOnly: true }),
  paymentConditions: f.enum(['TP01', 'TP02', 'TP03'], { required: true, default: 'TP02' }),
  paymentTermId: f.reference('sales/payment-terms'),
  paymentMethod: f.enum(PAYMENT_METHODS),
  dueDates: f.lines(
    {
      dueDate: f.date({ required: true }),
      amount: f.money({ required: true, min: '0.01' }),
      method: f.enum(PAYMENT_METHODS, { required: true }),
      iban: f.iban(),
    },
    { max: 24, totals: (lines) => ({ amount: decimal.sumOf(lines, 'amount') }) },
  ),
  /**
   * The invoices a credit or debit note corrects: issued ones of its customer (docs/domain.md#credit-notes).
   * `only` is the engine's check of the status (one fully credited is no longer offered nor accepted);
   * the hooks check the customer and judge again on issue.
   */
  relatedInvoiceIds: f.references('sales/invoices', {
    max: 20,
    narrowBy: { customerId: 'customerId' },
    only: { status: 'issued' },
  }),
  ddtRefs: f.lines(
    { ddtNumber: f.text({ required: true, max: 20 }), ddtDate: f.date({ required: true }) },
    { max: 50 },
  ),
  quoteId: f.reference('sales/quotes'),
  proformaId: f.reference('sales/proformas'),
  activityIds: f.references('wfm/activities'),
  contractId: f.reference('ticketing/contracts'),
  orderRef: f.text({ max: 20 }),
  cig: f.text({ max: 15 }),
  cup: f.text({ max: 15 }),
  /** Causale: free text printed on the invoice. */
  notes: f.longText({ max: 1000 }),
  attachments: f.attachments(),
  status: f.enum(INVOICE_STATUSES, { readOnly: true, default: 'draft' }),
  issuedAt: f.datetime({ readOnly: true }),
  issuedBy: f.text({ readOnly: true, max: 80 }),
  cancelledAt: f.datetime({ readOnly: true }),
  /** Sum of the payments recorded against its instalments (sales/payments). */
  paidAmount: f.money({ readOnly: true, default: '0.00' }),
  /** Sum of the issued credit notes that correct this invoice. */
  creditedAmount: f.money({ readOnly: true, default: '0.00' }),
  /** The credit notes made from this invoice (the `creditNote` action). */
  creditNoteIds: f.references('sales/invoices', { readOnly: true, max: 50 }),
  /** What generated the invoice (`contract:<id>:<period start>`, `deferred:<customer>:<period>`): made once. */
  originKey: f.text({ readOnly: true, max: 120, unique: true }),
  sdiStatus: f.enum(SDI_STATUSES, { readOnly: true, default: 'notSent' }),
  /**
   * The SdI transmission of its FatturaPA XML (docs/domain.md#electronic-invoice-fatturapa): the progressive,
   * unique per tenant, and the file name IT<VAT>_<progressive>.xml, given when the XML is first produced.
   */
  sdiProgressive: f.text({ readOnly: true, max: 10, unique: true }),
  sdiFileName: f.text({ readOnly: true, max: 50 }),
  /** The SdI's IdentificativoSdI of the current transmission, from its first receipt (docs/domain.md#sdi-round-trip). */
  sdiIdentifier: f.text({ readOnly: true, max: 20 }),
  paymentStatus: f.enum(PAYMENT_STATUSES, { readOnly: true, default: 'unpaid' }),
  /** The earliest due date still open or partly paid (docs/domain.md#due-dates-and-payments): set by the hooks. */
  nextDueDate: f.date({ readOnly: true }),
};

type Invoice = RecordInput<typeof fields>;

/**
 * Each instalment falls due on or after the invoice date. That together they pay what the customer owes is judged
 * by the sales hooks (`dueDatesTotalIssues`): the amount payable depends on the customer's regime, which the hooks
 * copy onto the invoice after this rule runs (docs/domain.md#tax-cases).
 */
const dueDates: Rule<Invoice> = (r) =>
  rowsOf(r.dueDates).flatMap((line, i) =>
    r.date && typeof line.dueDate === 'string' && line.dueDate < r.date
      ? [issue(`dueDates.${i}.dueDate`, 'notBeforeDate')]
      : [],
  );

/** A rate needs its reason (CausalePagamento) and the reason its rate: DatiRitenuta has both. */
const withholding: Rule<Invoice> = (r) => {
  const rate = r.withholdingRate !== null && r.withholdingRate !== undefined;
  const reason = r.withholdingReason !== null && r.withholdingReason !== undefined;
  if (rate && !reason) return [issue('withholdingReason', 'validation.required')];
  if (reason && !rate) return [issue('withholdingRate', 'validation.required')];
  return [];
};

/** A credit or debit note corrects invoices already issued: it must name them. */
const related: Rule<Invoice> = (r) =>
  (r.documentType === 'TD04' || r.documentType === 'TD05') && (r.relatedInvoiceIds ?? []).length === 0
    ? [issue('relatedInvoiceIds', 'validation.required')]
    : [];

/**
 * An invoice (fattura elettronica, docs/domain.md#invoices). Drafts carry no number: it is given
 * on issue, in the series' order. Status, SdI and payment states move only through lifecycle actions.
 */
export default defineResource({
  name: 'sales/invoices',
  service: 'sales',
  endpoint: 'invoices',
  table: 'invoices',
  recordRepresentation: ['fullNumber', 'customerName'],
  /**
   * An issued (or cancelled) invoice is a fiscal document: only a credit note corrects it. One the SdI
   * rejected is corrected and sent again, keeping number, date and customer (docs/domain.md#sdi-round-trip).
   */
  editableWhile: {
    values: ['draft'],
    message: 'validation.sales.invoiceLocked',
    or: [{ field: 'sdiStatus', values: ['rejected'] }],
  },
  fields,
  rules: [dueDates, related, withholding, notBefore<Invoice>('periodEnd', 'periodStart'), ...moneyLineRules<Invoice>()],
  actions: {
    /**
     * Gives the number of the series (gap-free, under the series' lock), fixes the due dates and opens the
     * instalments; from then on the document is locked (only payments and SdI fields move).
     */
    issue: { from: ['draft'], to: 'issued', roles: ADMIN, stamps: { issuedAt: 'now', issuedBy: 'actor' } },
    /** A draft that will not be issued: it keeps no number. */
    cancel: { from: ['draft'], to: 'cancelled', roles: ADMIN, stamps: { cancelledAt: 'now' } },
    /**
     * Makes a draft credit note (TD04) with this invoice's lines, linked to it: edit it for a partial one.
     * It answers this invoice; the new note is the last of its `creditNoteIds`, which the SPA opens.
     */
    creditNote: { from: ['issued'], to: 'issued', roles: ADMIN, opens: 'creditNoteIds' },
    /**
     * Writes the FatturaPA XML (its transmission progressive given now, or the one of its first download) to
     * the transmission channel (docs/domain.md#sdi-round-trip); the receipts move `sdiStatus` on.
     */
    sendToSdi: {
      from: ['notSent'],
      to: 'sent',
      field: 'sdiStatus',
      roles: ADMIN,
      when: { status: ['issued', 'cancelledByCreditNote'] },
    },
    /** A rejected invoice, corrected, goes again with a new progressive and file name, same number and date. */
    resendToSdi: {
      from: ['rejected'],
      to: 'sent',
      field: 'sdiStatus',
      roles: ADMIN,
      when: { status: ['issued', 'cancelledByCreditNote'] },
    },
  },
  views: {
    list: {
      columns: [
        'fullNumber',
        'documentType',
        'date',
        'customerId',
        'totalDocument',
        'paidAmount',
        'status',
        'sdiStatus',
        'paymentStatus',
        'nextDueDate',
      ],
      sort: { field: 'date', order: 'DESC' },
      filters: ['q', 'status', 'documentType', 'customerId', 'date', 'paymentStatus', 'nextDueDate'],
      // Issued and not paid past its next due date (docs/domain.md#due-dates-and-payments).
      presets: {
        overdue: {
          where: [
            { field: 'status', operator: 'eq', value: 'issued' },
            { field: 'paymentStatus', operator: 'neq', value: 'paid' },
            { field: 'nextDueDate', operator: 'lt', value: { today: 0 } },
          ],
          marks: 'nextDueDate',
          tone: 'error',
        },
      },
    },
    form: {
      sections: [
        {
          id: 'document',
          fields: [
            'documentType',
            'seriesId',
            'date',
            'fullNumber',
            'status',
            'customerId',
            'periodStart',
            'periodEnd',
          ],
        },
        { id: 'lines', fields: ['lines', 'totalTaxable', 'totalVat', 'totalDocument'] },
        {
          id: 'tax',
          fields: [
            'stampDuty',
            'stampDutyCharged',
            'splitPayment',
            'withholdingRate',
            'withholdingReason',
            'withholdingAmount',
            'amountPayable',
            'declarationProtocolNumber',
            'declarationDate',
          ],
        },
        {
          id: 'payment',
          fields: [
            'paymentConditions',
            'paymentTermId',
            'paymentMethod',
            'dueDates',
            'paymentStatus',
            'paidAmount',
            'nextDueDate',
          ],
        },
        {
          id: 'references',
          fields: [
            'relatedInvoiceIds',
            'creditNoteIds',
            'creditedAmount',
            'ddtRefs',
            'quoteId',
            'proformaId',
            'activityIds',
            'contractId',
            'orderRef',
            'cig',
            'cup',
          ],
        },
        {
          id: 'other',
          fields: [
            'notes',
            'attachments',
            'sdiStatus',
            'sdiFileName',
            'customerSnapshot',
            'sdiIdentifier',
            'year',
            'number',
            'issuedAt',
            'issuedBy',
            'cancelledAt',
          ],
        },
      ],
    },
  },
});
