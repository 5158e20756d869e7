import { documentServices } from '../../documents/services';
import { documentFrame, renderPdf } from '../../documents/pdf';
import type { Db } from '../../db/tables';
import { salesDocumentContext, type Row } from './pdf/context';
import { invoiceContent, invoiceTitle } from './pdf/invoice';
import { draftWatermark, numberOr, sayIn } from './pdf/parts';
import { proformaContent } from './pdf/proforma';
import { quoteContent } from './pdf/quote';

/** The sales documents that print: quotes, proformas, invoices (credit notes are invoices of type TD04). */
export type PrintedDocument = 'sales/quotes' | 'sales/proformas' | 'sales/invoices';

/** The file name of a document's PDF: its number with dashes, or "bozza" while it has none. */
export function documentPdfName(record: Row): string {
  const number = String(record.fullNumber ?? record.number ?? 'bozza');
  return `${number.replace(/[/\\]/g, '-')}.pdf`;
}

const TEMPLATES = {
  'sales/quotes': quoteContent,
  'sales/proformas': proformaContent,
  'sales/invoices': invoiceContent,
};

/**
 * The PDF of a quote, proforma or invoice as it stands (docs/architecture.md#documents), in the tenant's
 * language, with the tenant's company and logo; a draft carries the "BOZZA" watermark. The one entry
 * point the routes, the mails and the revisions use.
 */
export async function salesDocumentPdf(
  trx: Db,
  tenant: string,
  resource: PrintedDocument,
  record: Row,
): Promise<{ name: string; bytes: Buffer }> {
  const { companyOf, langOf } = documentServices();
  const lang = langOf(tenant);
  const say = sayIn(lang);
  const company = companyOf(tenant);
  const context = await salesDocumentContext(trx, tenant, record);
  const kind =
    resource === 'sales/invoices'
      ? invoiceTitle(record, say)
      : say(resource === 'sales/quotes' ? 'titles.quote' : 'titles.proforma');
  const title = `${kind} ${numberOr(record.fullNumber ?? record.number, say)}`;
  const content = TEMPLATES[resource](record, context, company, lang, say);
  const definition = documentFrame({ company, title, lang }, content);
  const bytes = await renderPdf({ ...definition, ...draftWatermark(record.status === 'draft', say) });
  return { name: documentPdfName(record), bytes };
}
