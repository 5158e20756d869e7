import { salesPrintIt } from '../../../../i18n/modules/documents-print.it';
import type { Company } from '../../../documents/pdf';
import { documentServices } from '../../../documents/services';
import type { Db } from '../../../db/tables';
import type { Lang } from '../../../http/lang';
import { conflict, issue } from '../../../records';
import { salesDocumentContext } from '../pdf/context';
import { fatturaXml } from './build';
import { missingCompanyFields, senderId, type Row } from './parties';
import { transmissionOf, type Transmission } from './progressive';
import { MAX_PROGRESSIVE } from './text';

/** An invoice that was never issued has no electronic invoice (a cancelled one was a draft). */
const NOT_ISSUED = new Set(['draft', 'cancelled']);

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
  /** A new progressive and file name instead of the one it has (a resend after a rejection). */
  renew?: boolean;
}

/**
 * The FatturaPA XML of one issued invoice and its SdI transmission (docs/domain.md#electronic-invoice-fatturapa),
 * in the caller's transaction: the progressive is given on the first call and kept (or renewed on `renew`), so
 * the single download, the accountant's zip and the SdI sending name an invoice alike. `undefined` when the
 * tenant's progressives are used up. The caller has checked the invoice's status and the company's fields.
 */
export async function electronicInvoice(
  trx: Db,
  tenant: string,
  invoice: Row,
  options: ElectronicInvoiceOptions,
): Promise<(Transmission & { xml: string }) | undefined> {
  const context = await salesDocumentContext(trx, tenant, invoice);
  const transmission = await transmissionOf(trx, tenant, String(invoice.id), senderId(options.company), options.renew);
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
  return { ...transmission, xml };
}

/** A 409 on `company` when the tenant's config lacks what the XML's sender needs (docs/domain.md#electronic-invoice-fatturapa). */
export function checkSender(company: Company, lang: Lang): void {
  const missing = missingCompanyFields(company);
  if (missing.length > 0)
    throw conflict(
      lang,
      issue('company', 'validation.sales.fatturapaCompany', { fields: missing.join(', ') }),
      `The tenant's company configuration lacks ${missing.join(', ')}, which the FatturaPA XML requires.`,
    );
}

/** The 409 on `sdiProgressive` when the tenant's five-character transmission progressives are all used. */
export const progressivesUsedUp = (lang: Lang) =>
  conflict(
    lang,
    issue('sdiProgressive', 'validation.sales.fatturapaProgressives'),
    `All ${MAX_PROGRESSIVE} transmission progressives of this tenant are used.`,
  );

/**
 * The FatturaPA XML of an invoice read by the caller through the user's scope, for the download route and the
 * SdI sending actions (docs/domain.md#sdi-round-trip), so what is sent is what is downloaded. A draft, a company
 * configuration lacking the sender's data or used-up progressives are a 409 naming the problem.
 */
export async function fatturaDocument(
  trx: Db,
  tenant: string,
  invoice: Row,
  lang: Lang,
  renew = false,
): Promise<Transmission & { xml: string }> {
  const { companyOf, currencyOf } = documentServices();
  const company = companyOf(tenant);
  const status = String(invoice.status);
  if (NOT_ISSUED.has(status))
    throw conflict(
      lang,
      issue('status', 'validation.sales.fatturapaNotIssued', { status }),
      `Only an issued invoice has a FatturaPA XML; this one is ${status}.`,
    );
  checkSender(company, lang);
  const options = { company, currency: currencyOf(tenant), references: await normativeReferences(trx, tenant), renew };
  const document = await electronicInvoice(trx, tenant, invoice, options);
  if (!document) throw progressivesUsedUp(lang);
  return document;
}
