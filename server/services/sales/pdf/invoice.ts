import { decimal } from '../../../../resources/schema';
import type { Lang } from '../../../http/lang';
import { formatDate, formatMoney, type Company, type Content } from '../../../documents/pdf';
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

/** Split payment, the declaration of intent, the virtual stamp duty: the wording the law asks for. */
function legalWording(invoice: Row, customer: Row | undefined, say: Say): (string | false)[] {
  const protocol = customer?.declarationProtocolNumber;
  return [
    customer?.vatRegime === 'splitPayment' && say('splitPayment'),
    customer?.vatRegime === 'declarationOfIntent' &&
      typeof protocol === 'string' &&
      protocol !== '' &&
      say('declarationOfIntent', { protocol, date: formatDate(isoDay(customer.declarationDate)) }),
    decimal.compare(invoice.stampDuty ?? 0, 0) > 0 && say('stampDutyVirtual'),
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
  const hasStamp = decimal.compare(invoice.stampDuty ?? 0, 0) > 0;
  const split = context.customer?.vatRegime === 'splitPayment';
  const totals: [string, string, boolean?][] = [
    [say('totals.taxable'), formatMoney(invoice.totalTaxable)],
    [say('totals.vat'), formatMoney(invoice.totalVat)],
    ...(hasStamp ? [[say('totals.stampDuty'), formatMoney(invoice.stampDuty)] as [string, string]] : []),
    [say('totals.document'), formatMoney(invoice.totalDocument), true],
    ...(split
      ? [
          [
            say('totals.netToPay'),
            formatMoney(decimal.round(decimal.dec(invoice.totalDocument).minus(decimal.dec(invoice.totalVat)), 2)),
            true,
          ] as [string, string, boolean],
        ]
      : []),
  ];
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
    legalNotes(legalWording(invoice, context.customer, say)),
    dueDatesTable(invoice.dueDates, company, lang, say),
    paragraph(say('notes'), invoice.notes),
  ];
}
