import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import invoices from '../../../../resources/sales/invoices';
import { canAccess } from '../../../../resources/schema';
import { currentUser } from '../../../http/auth';
import { HttpProblem, problems } from '../../../http/errors';
import { renderIssues, requestLang, type Lang } from '../../../http/lang';
import { withTenant } from '../../../db/tenancy';
import type { Db } from '../../../db/tables';
import { importReceipt } from './import';
import { MAX_RECEIPT_BYTES, parseReceipt, ReceiptProblem } from './receipt';

const XML_TYPES = ['application/xml', 'text/xml'];

const problem = (status: number, lang: Lang, path: string, key: string, detail: string, params = {}) =>
  new HttpProblem(status, detail, renderIssues(lang, [{ path, key: `validation.sales.${key}`, params }]));

/** The receipt's text and file name: an XML body, or the one `file` part of a multipart upload (the SPA's dialog). */
async function receivedReceipt(request: FastifyRequest, lang: Lang): Promise<{ xml: string; fileName: string | null }> {
  const tooLarge = () =>
    problem(413, lang, 'file', 'sdiReceiptTooLarge', `A receipt is at most ${MAX_RECEIPT_BYTES} bytes.`, {
      limit: `${MAX_RECEIPT_BYTES / 1024} KB`,
    });
  if (!request.isMultipart()) {
    if (typeof request.body !== 'string' || request.body.trim() === '')
      throw problem(400, lang, 'file', 'sdiReceiptMissingFile', 'Send the receipt as an XML body or a file part.');
    return { xml: request.body, fileName: null };
  }
  let part;
  try {
    part = await request.file({ limits: { fileSize: MAX_RECEIPT_BYTES, files: 1, fields: 0, parts: 1 } });
  } catch {
    throw problem(400, lang, 'file', 'sdiReceiptMissingFile', 'The multipart body holds no file part.');
  }
  if (!part || part.fieldname !== 'file')
    throw problem(400, lang, 'file', 'sdiReceiptMissingFile', 'The multipart body holds no part named file.');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw problem(400, lang, 'file', 'sdiReceiptMissingFile', 'The multipart body could not be read.');
  }
  if (part.file.truncated) throw tooLarge();
  if (bytes.length === 0) throw problem(400, lang, 'file', 'sdiReceiptMissingFile', 'The file is empty.');
  return { xml: bytes.toString('utf8'), fileName: part.filename || null };
}

/**
 * `POST /sales/api/sdi/receipts` (docs/wire-contract.md#sdi-receipts): imports an SdI receipt sent as
 * application/xml or text/xml, or as the `file` part of multipart/form-data. 201 with the history row it made,
 * 200 with the one made before when the same receipt (MessageId) comes again; 400 for what is no receipt,
 * 404 when no invoice of the tenant was sent under its NomeFile, 409 when it does not follow from the
 * invoice's SdI status. Administrators only (the invoices' `edit` access).
 */
export async function sdiReceiptRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  // Only in this plugin's scope: the rest of the service keeps its JSON bodies.
  app.addContentTypeParser(XML_TYPES, { parseAs: 'string', bodyLimit: MAX_RECEIPT_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  await app.register(multipart, { limits: { fileSize: MAX_RECEIPT_BYTES } });
  app.post(
    '/api/sdi/receipts',
    {
      bodyLimit: MAX_RECEIPT_BYTES,
      schema: {
        tags: ['sales'],
        summary: 'Import an SdI receipt (RC, NS, MC, NE, DT, AT): XML body or multipart `file`',
        consumes: [...XML_TYPES, 'multipart/form-data'],
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!canAccess(user.roles, invoices, 'edit')) throw problems.forbidden('Your role may not import SdI receipts.');
      const lang = requestLang(request.headers['accept-language']);
      const { xml, fileName } = await receivedReceipt(request, lang);
      let receipt;
      try {
        receipt = parseReceipt(xml);
      } catch (error) {
        if (!(error instanceof ReceiptProblem)) throw error;
        throw problem(400, lang, error.element, error.key, error.message, { element: error.element });
      }
      const actor = { tenant: user.tenant, username: user.username, userId: user.id, roles: user.roles };
      const imported = await withTenant(options.db, user.tenant, (trx) =>
        importReceipt(trx, actor, receipt, fileName, lang),
      );
      return reply.code(imported.created ? 201 : 200).send({ data: imported.event });
    },
  );
}
