import { documentServices } from '../../documents/services';
import { documentFrame, formatMoney, formatQuantity, linesTable, renderPdf } from '../../documents/pdf';
import { translate } from '../../http/lang';
import type { Db } from '../../db/tables';

/* eslint-disable @typescript-eslint/no-explicit-any -- a document is read as a loose row by the template */
type Row = Record<string, any>;

/** The sales documents that print: quotes, proformas, invoices (credit notes are invoices of type TD04). */
export type PrintedDocument = 'sales/quotes' | 'sales/proformas' | 'sales/invoices';

/** The file name of a document's PDF: its number with dashes, or "bozza" while it has none. */
export function documentPdfName(record: Row): string {
  const number = String(record.fullNumber ?? record.number ?? 'bozza');
  return `${number.replace(/[/\\]/g, '-')}.pdf`;
}

/**
 * The PDF of a quote, proforma or invoice as it stands (docs/architecture.md#documents). The one
 * entry point the routes, the mails and the revisions use.
 */
export async function salesDocumentPdf(
  _trx: Db,
  tenant: string,
  resource: PrintedDocument,
  record: Row,
): Promise<{ name: string; bytes: Buffer }> {
  const { companyOf, langOf } = documentServices();
  const lang = langOf(tenant);
  const t = (key: string) => translate(lang, key);
  const field = (name: string) => t(`resources.${resource}.fields.${name}`);
  const title = `${t(`resources.${resource}.name`).split('|')[0].trim()} ${String(record.fullNumber ?? record.number ?? '')}`;
  const content = [
    { text: title, style: 'title' },
    linesTable(
      [
        { header: field('lines'), value: (l: Row) => String(l.description ?? '') },
        { header: '', width: 'auto', align: 'right', value: (l: Row) => formatQuantity(l.quantity, l.uom) },
        { header: '', width: 'auto', align: 'right', value: (l: Row) => formatMoney(l.lineTotal) },
      ],
      (record.lines as Row[] | null) ?? [],
      '',
    ),
    { text: `${field('totalDocument')}: ${formatMoney(record.totalDocument)}`, style: 'section' },
  ];
  const bytes = await renderPdf(documentFrame({ company: companyOf(tenant), title, lang }, content));
  return { name: documentPdfName(record), bytes };
}
