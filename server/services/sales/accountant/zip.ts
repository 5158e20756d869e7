import type { Zippable } from 'fflate';
import type { Db } from '../../../db/tables';
import { translate, type Lang } from '../../../http/lang';
import { electronicInvoice, type ElectronicInvoiceOptions } from '../fatturapa/document';
import { code, italianDate, italianDecimal, toCsv, type CsvCell } from './csv';
import type { PeriodDocument } from './documents';

/** The index inside the zip, next to the XML files (whose names start with the country code). */
export const MANIFEST = 'manifest.csv';

/** A document the zip could not hold: the tenant's transmission progressives are used up. */
export class ProgressivesUsedUp extends Error {}

const MANIFEST_COLUMNS = ['number', 'date', 'documentType', 'customer', 'fileName', 'total', 'sdiStatus'] as const;

/**
 * The period's electronic invoices as one zip (docs/domain.md#exports-for-the-accountant): each document's
 * FatturaPA XML under its SdI file name, a document without one given its progressive now (as its first single
 * download would), and `manifest.csv` listing them in the register's order. Built in memory: the caller caps
 * the number of documents. Runs in the caller's transaction, so the progressives given commit with the answer.
 */
export async function periodZip(
  trx: Db,
  tenant: string,
  documents: readonly PeriodDocument[],
  options: ElectronicInvoiceOptions & { lang: Lang },
): Promise<Uint8Array> {
  // Loaded with the first archive asked for, not at start-up.
  const { strToU8, zipSync } = await import('fflate');
  const t = (key: string) => translate(options.lang, key);
  const files: Zippable = {};
  const manifest: CsvCell[][] = [MANIFEST_COLUMNS.map((c) => t(`accountant.manifest.${c}`))];
  for (const { invoice } of documents) {
    const document = await electronicInvoice(trx, tenant, invoice, options);
    if (!document) throw new ProgressivesUsedUp();
    files[document.fileName] = strToU8(document.xml);
    manifest.push([
      code(String(invoice.fullNumber ?? '')),
      italianDate(String(invoice.date).slice(0, 10)),
      t(`resources.sales/invoices.enums.documentType.${String(invoice.documentType)}`),
      String(invoice.customerName ?? ''),
      document.fileName,
      italianDecimal(String(invoice.totalDocument ?? '0.00')),
      t(`resources.sales/invoices.enums.sdiStatus.${String(invoice.sdiStatus ?? 'notSent')}`),
    ]);
  }
  files[MANIFEST] = strToU8(toCsv(manifest));
  return zipSync(files, { level: 6 });
}
