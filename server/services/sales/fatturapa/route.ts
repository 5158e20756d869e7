import type { FastifyInstance } from 'fastify';
import invoices from '../../../../resources/sales/invoices';
import { canAccess } from '../../../../resources/schema';
import { currentUser, type AuthUser } from '../../../http/auth';
import { problems } from '../../../http/errors';
import { requestLang } from '../../../http/lang';
import { withTenant } from '../../../db/tenancy';
import type { Db } from '../../../db/tables';
import type { Records } from '../../../records';
import { sendDocument } from '../../../documents/download';
import { fatturaDocument } from './document';

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
      const { xml, fileName } = await withTenant(db, user.tenant, async (trx) => {
        const invoice = await (await recordsOf(trx, user)).get(user.tenant, request.params.id);
        return fatturaDocument(trx, user.tenant, invoice, lang);
      });
      return sendDocument(reply, { fileName, type: 'application/xml; charset=utf-8', body: xml });
    },
  );
}
