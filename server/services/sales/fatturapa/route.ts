import type { FastifyInstance } from 'fastify';
import invoices from '../../../../resources/sales/invoices';
import { canAccess } from '../../../../resources/schema';
import { currentUser, type AuthUser } from '../../../http/auth';
import { problems } from '../../../http/errors';
import { requestLang } from '../../../http/lang';
import { withTenant } from '../../../db/tenancy';
import type { Db } from '../../../db/tables';
import { documentServices } from '../../../documents/services';
import { conflict, issue, type Records } from '../../../records';
import { sendDocument } from '../../../documents/download';
import { electronicInvoice, normativeReferences } from './document';
import { missingCompanyFields } from './parties';
import { MAX_PROGRESSIVE } from './text';

/** An invoice that was never issued has no electronic invoice (a cancelled one was a draft). */
const NOT_ISSUED = new Set(['draft', 'cancelled']);

/**
 * `GET /sales/api/invoices/:id/fatturapa` (docs/wire-contract.md#electronic-invoice): the FatturaPA XML of an
 * issued invoice, named by its transmission (given on the first download). Access as the invoice's PDF: the
 * resource's `show`, its scope applied, so another tenant's or a malformed id answers 404.
 */
export function fatturapaRoute(
  app: FastifyInstance,
  db: Db,
  recordsOf: (trx: Db, user: AuthUser) => Promise<Records>,
): void {
  app.get<{ Params: { id: string } }>(
    `/api/${invoices.endpoint}/:id/fatturapa`,
    {
      schema: {
        tags: ['sales'],
        summary: 'The FatturaPA XML of an issued invoice, named IT<VAT>_<progressive>.xml',
        params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!canAccess(user.roles, invoices, 'show'))
        throw problems.forbidden(`Your role may not show ${invoices.name}.`);
      const lang = requestLang(request.headers['accept-language']);
      const { companyOf, currencyOf } = documentServices();
      const company = companyOf(user.tenant);
      const { xml, fileName } = await withTenant(db, user.tenant, async (trx) => {
        const invoice = await (await recordsOf(trx, user)).get(user.tenant, request.params.id);
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
        const document = await electronicInvoice(trx, user.tenant, invoice, {
          company,
          currency: currencyOf(user.tenant),
          references: await normativeReferences(trx, user.tenant),
        });
        if (!document)
          throw conflict(
            lang,
            issue('sdiProgressive', 'validation.sales.fatturapaProgressives'),
            `All ${MAX_PROGRESSIVE} transmission progressives of this tenant are used.`,
          );
        return document;
      });
      return sendDocument(reply, { fileName, type: 'application/xml; charset=utf-8', body: xml });
    },
  );
}
