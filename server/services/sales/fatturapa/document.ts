import { salesPrintIt } from '../../../../i18n/modules/documents-print.it';
import type { Company } from '../../../documents/pdf';
import type { Db } from '../../../db/tables';
import { salesDocumentContext } from '../pdf/context';
import { fatturaXml } from './build';
import type { Row } from './parties';
import { senderId } from './parties';
import { transmissionOf } from './progressive';

/**
 * RiferimentoNormativo per natura: the tenant's active VAT rate of that natura (its normativeReference), else
 * the wording the PDF prints for it. The XML is in Italian whatever the tenant's language.
 */
export async function normativeReferences(trx: Db, tenant: string): Promise<Record<string, string>> {
  const rows = await trx
    .selectFrom('sales.vatRates')
    .select(['nature', 'normativeReference'])
    .where('tenantId', '=', tenant)
    .where('nature', 'is not', null)
    .where('active', 'is not', false)
    .orderBy('code', 'desc')
    .execute();
  const references: Record<string, string> = { ...salesPrintIt.natures };
  // Ordered by code descending: the first code of a natura is written last and wins.
  for (const row of rows) if (row.nature && row.normativeReference) references[row.nature] = row.normativeReference;
  return references;
}

/** What the XML of one invoice is made from beyond the invoice: the sender and the tenant's settings. */
export interface ElectronicInvoiceOptions {
  company: Company;
  currency: string;
  /** normativeReferences of the tenant, read once by a caller that makes many XMLs. */
  references: Readonly<Record<string, string>>;
}

/**
 * The FatturaPA XML of one issued invoice and its SdI file name (docs/domain.md#electronic-invoice-fatturapa),
 * in the caller's transaction: the transmission progressive is given on the first call and kept, so the
 * single download and the accountant's zip name an invoice alike. `undefined` when the tenant's progressives are
 * used up. The caller has checked the invoice's status and the company's fields (missingCompanyFields).
 */
export async function electronicInvoice(
  trx: Db,
  tenant: string,
  invoice: Row,
  options: ElectronicInvoiceOptions,
): Promise<{ xml: string; fileName: string } | undefined> {
  const context = await salesDocumentContext(trx, tenant, invoice);
  const transmission = await transmissionOf(trx, tenant, String(invoice.id), senderId(options.company));
  if (!transmission) return undefined;
  const xml = fatturaXml({
    invoice,
    customer: context.customer ?? {},
    company: options.company,
    currency: options.currency,
    relatedInvoices: context.relatedInvoices,
    normativeReferences: options.references,
    progressive: transmission.progressive,
  });
  return { xml, fileName: transmission.fileName };
}
