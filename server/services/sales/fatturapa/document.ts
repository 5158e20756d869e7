import { salesPrintIt } from '../../../../i18n/modules/documents-print.it';
import type { Db } from '../../../db/tables';
import { documentServices } from '../../../documents/services';
import type { Lang } from '../../../http/lang';
import { conflict, issue } from '../../../records';
import { salesDocumentContext } from '../pdf/context';
import { fatturaXml } from './build';
import { missingCompanyFields, senderId } from './parties';
import { transmissionOf, type Transmission } from './progressive';
import { MAX_PROGRESSIVE } from './text';

type Row = Record<string, unknown>;

/** An invoice that was never issued has no electronic invoice (a cancelled one was a draft). */
const NOT_ISSUED = new Set(['draft', 'cancelled']);

/**
 * RiferimentoNormativo per natura: the tenant's active VAT rate of that natura (its normativeReference), else
 * the wording the PDF prints for it. The XML is in Italian whatever the tenant's language.
 */
async function normativeReferences(trx: Db, tenant: string): Promise<Record<string, string>> {
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

/**
 * The FatturaPA XML of an issued invoice (read by the caller through the user's scope) and its transmission:
 * the one it has or, with `renew`, a new progressive and file name. One code for the download route and the
 * SdI sending actions (docs/domain.md#sdi-round-trip), so what is sent is what is downloaded. A draft, a
 * company configuration lacking the sender's data or used-up progressives are a 409 naming the problem.
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
  const missing = missingCompanyFields(company);
  if (missing.length > 0)
    throw conflict(
      lang,
      issue('company', 'validation.sales.fatturapaCompany', { fields: missing.join(', ') }),
      `The tenant's company configuration lacks ${missing.join(', ')}, which the FatturaPA XML requires.`,
    );
  const context = await salesDocumentContext(trx, tenant, invoice);
  const transmission = await transmissionOf(trx, tenant, String(invoice.id), senderId(company), renew);
  if (!transmission)
    throw conflict(
      lang,
      issue('sdiProgressive', 'validation.sales.fatturapaProgressives'),
      `All ${MAX_PROGRESSIVE} transmission progressives of this tenant are used.`,
    );
  const xml = fatturaXml({
    invoice,
    customer: context.customer ?? {},
    company,
    currency: currencyOf(tenant),
    relatedInvoices: context.relatedInvoices,
    normativeReferences: await normativeReferences(trx, tenant),
    progressive: transmission.progressive,
  });
  return { ...transmission, xml };
}
