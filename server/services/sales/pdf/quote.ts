import type { Lang } from '../../../http/lang';
import { formatDate, formatMoney, type Company, type Content } from '../../../documents/pdf';
import type { Row, SalesDocumentContext } from './context';
import {
  customerBlock,
  documentHead,
  legalNotes,
  moneyLinesTable,
  numberOr,
  paragraph,
  partiesRow,
  sellerBlock,
  totalsBox,
  vatSummaryTable,
  type Say,
} from './parts';

/** The box the customer signs to accept the quote. */
function acceptanceBox(say: Say): Content {
  const cell = (label: string) => ({
    stack: [
      { text: label, style: 'label' },
      { text: ' ', margin: [0, 28, 0, 0] },
    ],
  });
  return {
    unbreakable: true,
    margin: [0, 16, 0, 0],
    stack: [
      { text: say('acceptance.title'), style: 'section' },
      {
        table: { widths: [140, '*'], body: [[cell(say('acceptance.date')), cell(say('acceptance.signature'))]] },
      },
    ],
  };
}

/** A quote (preventivo): validity, revision, terms and the acceptance box (docs/architecture.md#documents). */
export function quoteContent(
  quote: Row,
  context: SalesDocumentContext,
  company: Company,
  lang: Lang,
  say: Say,
): Content {
  const number = numberOr(quote.number, say);
  const revision = Number(quote.revision ?? 0);
  return [
    partiesRow(
      sellerBlock(company, say),
      customerBlock(context.customer, quote.customerName, say, say('quoteCustomer')),
    ),
    documentHead(`${say('titles.quote')} ${number}${revision > 0 ? ` rev. ${revision}` : ''}`, [
      [say('number'), number],
      [say('revision'), String(revision)],
      [say('date'), formatDate(quote.date)],
      [say('validUntil'), formatDate(quote.validUntil)],
      [say('paymentTerm'), String(context.paymentTerm?.name ?? '')],
    ]),
    quote.subject ? { text: `${say('subject')}: ${String(quote.subject)}`, bold: true, margin: [0, 0, 0, 6] } : [],
    moneyLinesTable(quote.lines, say),
    vatSummaryTable(quote.lines, lang, say),
    totalsBox([
      [say('totals.taxable'), formatMoney(quote.totalTaxable)],
      [say('totals.vat'), formatMoney(quote.totalVat)],
      [say('totals.document'), formatMoney(quote.totalDocument), true],
    ]),
    legalNotes([quote.validUntil && say('quoteValidity', { date: formatDate(quote.validUntil) })]),
    paragraph(say('quoteNotes'), quote.notes),
    paragraph(say('termsAndConditions'), quote.termsAndConditions),
    acceptanceBox(say),
  ];
}
