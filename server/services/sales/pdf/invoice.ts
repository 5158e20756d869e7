import { decimal } from '../../../../resources/schema';
import type { Lang } from '../../../http/lang';
import { formatDate, formatDecimal, formatMoney, type Company, type Content } from '../../../documents/pdf';
import { isoDay, type Row, type SalesDocumentContext } from './context';
import {
  customerBlock,
  documentHead,
  dueDatesTable,
  legalNotes,
  methodLabel,
  moneyLinesTable,
  numberOr,
  paragraph,
  partiesRow,
  sellerBlock,
  totalsBox,
  vatSummaryTable,
  type Say,
} from './parts';

/** The title an invoice prints: "Fattura", "Nota di credito", "Fattura differita" ... by its TD type. */
export function invoiceTitle(invoice: Row, say: Say): string {
  return say(`titles.${String(invoice.documentType ?? 'TD01')}`);
}

/** What a credit note corrects, or what a deferred invoice bills (DDTs, work reports, the period). */
function references(invoice: Row, context: SalesDocumentContext, say: Say): string[] {
  const type = String(invoice.documentType);
  if (type === 'TD04' || type === 'TD05')
    return context.relatedInvoices.map((related) =>
      say('creditNoteOf', { number: String(related.fullNumber ?? ''), date: formatDate(isoDay(related.date)) }),
    );
  if (type !== 'TD24' && type !== 'TD25') return [];
  const ddts = ((invoice.ddtRefs as Row[] | null) ?? []).map((ref) =>
    say('ddtRef', { number: String(ref.ddtNumber), date: formatDate(ref.ddtDate) }),
  );
  const reports = context.workReports.map((report) =>
    say('workReportRef', { number: String(report.number ?? ''), date: formatDate(isoDay(report.date)) }),
  );
  return [say('deferredOf'), ...ddts, ...reports];
}

const hasNature = (invoice: Row, test: (nature: string) => boolean) =>
  ((invoice.lines as Row[] | null) ?? []).some((line) => typeof line.vatNature === 'string' && test(line.vatNature));

const positive = (value: unknown) => decimal.compare(value ?? 0, 0) > 0;

/**
 * The wording the law asks for each tax case (docs/domain.md#tax-cases), from the invoice's own snapshot: split
 * payment, reverse charge in the building sector, the declaration of intent its N3.5 lines cite, the withholding
 * and the virtual stamp duty (whenever due, charged or not).
 */
function legalWording(invoice: Row, say: Say): (string | false)[] {
  const protocol = invoice.declarationProtocolNumber;
  return [
    invoice.splitPayment === true && say('splitPayment'),
    hasNature(invoice, (n) => n === 'N6.7') && say('reverseChargeN67'),
    typeof protocol === 'string' &&
      protocol !== '' &&
      hasNature(invoice, (n) => n === 'N3.5') &&
      say('declarationOfIntent', { protocol, date: formatDate(isoDay(invoice.declarationDate)) }),
    positive(invoice.withholdingAmount) &&
      say(invoice.withholdingReason === 'W' ? 'withholdingCondominium' : 'withholding', {
        rate: formatDecimal(invoice.withholdingRate),
        reason: String(invoice.withholdingReason ?? ''),
      }),
    positive(invoice.stampDuty) &&
      (invoice.stampDutyCharged === false ? say('stampDutyNotCharged') : say('stampDutyVirtual')),
  ];
}

/** The totals box: taxable, VAT, the stamp duty charged, the document total, then what is withheld and the net. */
function totalsOf(invoice: Row, say: Say): [string, string, boolean?][] {
  const charged = positive(invoice.stampDuty) && invoice.stampDutyCharged !== false;
  const split = invoice.splitPayment === true && positive(invoice.totalVat);
  const withheld = positive(invoice.withholdingAmount);
  const payable = invoice.amountPayable ?? invoice.totalDocument;
  return [
    [say('totals.taxable'), formatMoney(invoice.totalTaxable)],
    [say('totals.vat'), formatMoney(invoice.totalVat)],
    ...(charged ? [[say('totals.stampDuty'), formatMoney(invoice.stampDuty)] as [string, string]] : []),
    [say('totals.document'), formatMoney(invoice.totalDocument), true],
    ...(split ? [[say('totals.splitPaymentVat'), `- ${formatMoney(invoice.totalVat)}`] as [string, string]] : []),
    ...(withheld
      ? [
          [
            say('totals.withholding', { rate: formatDecimal(invoice.withholdingRate) }),
            `- ${formatMoney(invoice.withholdingAmount)}`,
          ] as [string, string],
        ]
      : []),
    ...(split || withheld ? [[say('totals.netToPay'), formatMoney(payable), true] as [string, string, boolean]] : []),
  ];
}

/** An invoice, credit note or deferred invoice (docs/architecture.md#documents). */
export function invoiceContent(
  invoice: Row,
  context: SalesDocumentContext,
  company: Company,
  lang: Lang,
  say: Say,
): Content {
  const title = invoiceTitle(invoice, say);
  const totals = totalsOf(invoice, say);
  const period =
    invoice.periodStart && invoice.periodEnd
      ? say('periodValue', { from: formatDate(invoice.periodStart), to: formatDate(invoice.periodEnd) })
      : '';
  return [
    partiesRow(sellerBlock(company, say), customerBlock(context.customer, invoice.customerName, say)),
    documentHead(`${title} ${numberOr(invoice.fullNumber, say)}`, [
      [say('documentType'), `${String(invoice.documentType)} – ${title}`],
      [say('number'), numberOr(invoice.fullNumber, say)],
      [say('date'), formatDate(invoice.date)],
      [say('paymentTerm'), String(context.paymentTerm?.name ?? '')],
      [say('paymentMethod'), methodLabel(lang, invoice.paymentMethod)],
    ]),
    legalNotes(references(invoice, context, say)),
    legalNotes([
      period && `${say('period')}: ${period}`,
      invoice.orderRef && `${say('orderRef')}: ${String(invoice.orderRef)}`,
      invoice.cig && `${say('cig')}: ${String(invoice.cig)}`,
      invoice.cup && `${say('cup')}: ${String(invoice.cup)}`,
    ]),
    { text: '', margin: [0, 4, 0, 0] },
    moneyLinesTable(invoice.lines, say),
    vatSummaryTable(invoice.lines, lang, say),
    totalsBox(totals),
    legalNotes(legalWording(invoice, say)),
    dueDatesTable(invoice.dueDates, company, lang, say),
    paragraph(say('notes'), invoice.notes),
  ];
}
