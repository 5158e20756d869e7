import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../../http/auth';
import { problems } from '../../../http/errors';
import { requestLang, type Lang } from '../../../http/lang';
import { withTenant } from '../../../db/tenancy';
import type { Db } from '../../../db/tables';
import { documentServices } from '../../../documents/services';
import { sendDocument } from '../../../documents/download';
import { invalid, issue } from '../../../records';
import { checkSender, normativeReferences, progressivesUsedUp } from '../fatturapa/document';
import { countPeriodDocuments, MAX_DOCUMENTS, periodDocuments } from './documents';
import { parsePeriod, type Period } from './period';
import { registerCsv, registerXlsx } from './register-files';
import { vatRegister } from './register';
import { periodZip, ProgressivesUsedUp } from './zip';

type PeriodQuery = { from?: string; to?: string; format?: string };

const periodQuery = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: {
    from: { type: 'string', description: 'First day, YYYY-MM-DD' },
    to: { type: 'string', description: 'Last day, YYYY-MM-DD (at most a year after `from`)' },
    ...extra,
  },
  additionalProperties: false,
});

const FORMATS = {
  csv: { type: 'text/csv; charset=utf-8' },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
} as const;

/** The administrator asking, the request's language and the period, or the 403/400 that refuses them. */
function periodOf(
  request: FastifyRequest<{ Querystring: PeriodQuery }>,
  known: readonly string[],
): {
  tenant: string;
  lang: Lang;
  period: Period;
} {
  const user = currentUser(request);
  if (!user.roles.includes('ROLE_ADMIN'))
    throw problems.forbidden('The exports for the accountant are for administrators.');
  const lang = requestLang(request.headers['accept-language']);
  // Route schemas only document (docs/wire-contract.md#accountant-exports): a misspelt parameter is named here.
  const unknown = Object.keys(request.query).filter((key) => !known.includes(key));
  if (unknown.length > 0)
    throw invalid(lang, [issue(unknown.join(', '), 'validation.unknownField', { fields: unknown.join(', ') })]);
  const period = parsePeriod(request.query);
  if (Array.isArray(period)) throw invalid(lang, period);
  return { tenant: user.tenant, lang, period };
}

/** Refuses a period too large to build in memory (400 on `to`, so the user shortens it). */
async function checkSize(trx: Db, tenant: string, lang: Lang, period: Period): Promise<void> {
  const count = await countPeriodDocuments(trx, tenant, period);
  if (count > MAX_DOCUMENTS)
    throw invalid(lang, [issue('to', 'validation.sales.periodTooMany', { count, max: MAX_DOCUMENTS })]);
}

/**
 * The accountant's exports (docs/wire-contract.md#accountant-exports): the period's FatturaPA XML files as a
 * zip, and the VAT sales register as CSV or XLSX. Administrators only; every query runs in the caller's tenant.
 */
export function accountantRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: PeriodQuery }>(
    '/api/fatturapa/export',
    {
      schema: {
        tags: ['sales'],
        summary: "The period's FatturaPA XML files as a zip, with manifest.csv (admins)",
        description:
          'The FatturaPA XML of every invoice and note issued in the period (docs/domain.md#exports-for-the-accountant), ' +
          'each under its SdI file name (given now to one never downloaded), and manifest.csv listing number, date, ' +
          'type, customer, file name, total and SdI status. Attachment fatture_<from>_<to>.zip. 400 naming a bad ' +
          'parameter, 403 for a non-administrator, 409 on company or sdiProgressive as the single XML.',
        querystring: periodQuery(),
      },
    },
    async (request, reply) => {
      const { tenant, lang, period } = periodOf(request, ['from', 'to']);
      const { companyOf, currencyOf } = documentServices();
      const company = companyOf(tenant);
      checkSender(company, lang);
      const body = await withTenant(db, tenant, async (trx) => {
        await checkSize(trx, tenant, lang, period);
        const documents = await periodDocuments(trx, tenant, period);
        const options = { company, currency: currencyOf(tenant), references: await normativeReferences(trx, tenant) };
        try {
          return await periodZip(trx, tenant, documents, { ...options, lang });
        } catch (error) {
          if (!(error instanceof ProgressivesUsedUp)) throw error;
          throw progressivesUsedUp(lang);
        }
      });
      const fileName = `fatture_${period.from}_${period.to}.zip`;
      return sendDocument(reply, { fileName, type: 'application/zip', body: Buffer.from(body) });
    },
  );

  app.get<{ Querystring: PeriodQuery }>(
    '/api/vat-register',
    {
      schema: {
        tags: ['sales'],
        summary: 'The VAT sales register (registro IVA vendite) of a period, as CSV or XLSX (admins)',
        description:
          'One row per document and VAT rate in number order per series, credit notes negative, split payment marked, ' +
          'totals per rate and natura at the end (docs/domain.md#the-vat-sales-register); headers in the ' +
          'Accept-Language. Attachment registro-iva-vendite_<from>_<to>.csv|xlsx. 400 naming a bad parameter, 403 ' +
          'for a non-administrator.',
        querystring: periodQuery({ format: { type: 'string', description: 'csv (the default) or xlsx' } }),
      },
    },
    async (request, reply) => {
      const { tenant, lang, period } = periodOf(request, ['from', 'to', 'format']);
      const format = request.query.format ?? 'csv';
      if (format !== 'csv' && format !== 'xlsx')
        throw invalid(lang, [issue('format', 'validation.sales.registerFormat')]);
      const register = await withTenant(db, tenant, async (trx) => {
        await checkSize(trx, tenant, lang, period);
        return vatRegister(await periodDocuments(trx, tenant, period));
      });
      const body = format === 'csv' ? registerCsv(register, lang) : await registerXlsx(register, lang);
      const fileName = `registro-iva-vendite_${period.from}_${period.to}.${format}`;
      return sendDocument(reply, { fileName, type: FORMATS[format].type, body });
    },
  );
}
