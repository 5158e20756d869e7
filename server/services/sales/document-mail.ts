import customers from '../../../resources/sales/customers';
import { tableRef } from '../../db/derive';
import { documentServices } from '../../documents/services';
import { HttpProblem } from '../../http/errors';
import { translate } from '../../http/lang';
import type { HookContext, Row } from '../../records';
import { salesDocumentPdf } from './document-pdf';

/** The documents mailed by their `send` action, with the catalogue texts of their mail (`documents.<kind>`). */
const MAILED = { 'sales/quotes': 'quote', 'sales/proformas': 'proforma' } as const;
type MailedDocument = keyof typeof MAILED;

/**
 * Where `send` mails a document: the address the user typed (`to`), else the customer's e-mail; with
 * neither, 409 naming `to` before anything changes. Also 409 on `lines` for a document without lines.
 */
export async function recipientOf(ctx: HookContext, doc: Row, to: string | null | undefined): Promise<string> {
  if (!Array.isArray(doc.lines) || doc.lines.length === 0)
    throw ctx.conflict(
      ctx.issue('lines', 'validation.minItems', { min: 1 }),
      'A document without lines cannot be sent.',
    );
  if (to) return to;
  const customer = await ctx.trx
    .selectFrom(tableRef(customers))
    .select('email')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', String(doc.customerId))
    .executeTakeFirst();
  if (customer?.email) return String(customer.email);
  throw ctx.conflict(
    ctx.issue('to', 'validation.sales.documentNoRecipient'),
    'The customer has no e-mail address: give one to send the document to.',
  );
}

const italianDate = (date: unknown) =>
  String(date ?? '')
    .split('-')
    .reverse()
    .join('/');

/**
 * Mails the document's PDF to `record.sentTo` in the tenant's language, once the action has marked it
 * sent; a mail server that refuses it rolls the whole action back (503: sending again is safe).
 */
export async function mailDocument(ctx: HookContext, resource: MailedDocument, record: Row): Promise<void> {
  const { mailer, companyOf, langOf } = documentServices();
  const tenant = ctx.actor.tenant;
  const lang = langOf(tenant);
  const { name, bytes } = await salesDocumentPdf(ctx.trx, tenant, resource, record);
  const params = {
    number: String(record.number ?? ''),
    date: italianDate(record.date),
    validUntil: italianDate(record.validUntil),
    company: companyOf(tenant).legalName,
  };
  try {
    await mailer.send({
      to: String(record.sentTo),
      subject: translate(lang, `documents.${MAILED[resource]}.mailSubject`, params),
      text: translate(lang, `documents.${MAILED[resource]}.mailText`, params),
      attachments: [{ fileName: name, mimeType: 'application/pdf', content: bytes }],
    });
  } catch {
    throw new HttpProblem(503, 'The mail server did not accept the document; try again later.');
  }
}
