import type { Lang } from '../../../http/lang';
import { formatDate, formatMoney, type Company, type Content } from '../../../documents/pdf';
import type { Row, SalesDocumentContext } from './context';
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

/** A proforma: an invoice's look under the banner "Documento non valido ai fini fiscali". */
export function proformaContent(
  proforma: Row,
  context: SalesDocumentContext,
  company: Company,
  lang: Lang,
  say: Say,
): Content {
  const number = numberOr(proforma.number, say);
  const due =
    proforma.dueDate && proforma.paymentMethod
      ? [
          {
            dueDate: proforma.dueDate,
            method: proforma.paymentMethod,
            iban: proforma.iban,
            amount: proforma.totalDocument,
          },
        ]
      : [];
  return [
    {
      text: say('proformaBanner').toUpperCase(),
      alignment: 'center',
      bold: true,
      color: '#cc0000',
      margin: [0, 0, 0, 8],
    },
    partiesRow(sellerBlock(company, say), customerBlock(context.customer, proforma.customerName, say)),
    documentHead(`${say('titles.proforma')} ${number}`, [
      [say('number'), number],
      [say('date'), formatDate(proforma.date)],
      [say('dueDate'), formatDate(proforma.dueDate)],
      [say('paymentTerm'), String(context.paymentTerm?.name ?? '')],
      [say('paymentMethod'), methodLabel(lang, proforma.paymentMethod)],
    ]),
    proforma.subject
      ? { text: `${say('subject')}: ${String(proforma.subject)}`, bold: true, margin: [0, 0, 0, 6] }
      : [],
    moneyLinesTable(proforma.lines, say),
    vatSummaryTable(proforma.lines, lang, say),
    totalsBox([
      [say('totals.taxable'), formatMoney(proforma.totalTaxable)],
      [say('totals.vat'), formatMoney(proforma.totalVat)],
      [say('totals.document'), formatMoney(proforma.totalDocument), true],
    ]),
    legalNotes([say('proformaNote')]),
    dueDatesTable(due, company, lang, say),
    paragraph(say('quoteNotes'), proforma.notes),
  ];
}
