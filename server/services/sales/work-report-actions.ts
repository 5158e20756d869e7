import { SIGNATURE_MAX_BYTES } from '../../../resources/sales/work-reports';
import type { Attachment } from '../../../resources/schema';
import { documentServices } from '../../documents/services';
import { HttpProblem } from '../../http/errors';
import { translate } from '../../http/lang';
import type { HookContext } from '../../records';
import type { Db } from '../../db/tables';
import { recipientOf, workReportContext } from './work-report-data';
import { workReportPdf } from './work-report-pdf';

/* eslint-disable @typescript-eslint/no-explicit-any -- a report is read as a loose row by the template */
type Row = Record<string, any>;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The bytes of a drawn signature: a PNG data URL of at most SIGNATURE_MAX_BYTES, else 400 on `signature`. */
export function signatureBytes(ctx: HookContext, dataUrl: string): Buffer {
  const match = DATA_URL.exec(dataUrl.replace(/\s+/g, ''));
  const bytes = match ? Buffer.from(match[1], 'base64') : undefined;
  if (!bytes || bytes.length < PNG_MAGIC.length || !bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC))
    throw ctx.invalid([ctx.issue('signature', 'validation.sales.signatureNotPng')]);
  if (bytes.length > SIGNATURE_MAX_BYTES)
    throw ctx.invalid([
      ctx.issue('signature', 'validation.sales.signatureTooLarge', { max: Math.round(SIGNATURE_MAX_BYTES / 1024) }),
    ]);
  return bytes;
}

const pdfName = (report: Row) => `${String(report.number ?? 'rapporto').replace(/\//g, '-')}.pdf`;

/** The report's PDF as it stands, with its signature when it has one. */
export async function renderWorkReport(trx: Db, tenant: string, report: Row, signature?: Buffer): Promise<Buffer> {
  const services = documentServices();
  let png = signature;
  const stored = (report.signatureImage as Attachment[] | null)?.[0];
  if (!png && stored) png = await services.files.read(tenant, stored);
  return workReportPdf(
    report,
    await workReportContext(trx, tenant, report),
    services.companyOf(tenant),
    services.langOf(tenant),
    png && `data:image/png;base64,${png.toString('base64')}`,
  );
}

/** The PDF to hand out: the one stored when the report was signed, else rendered now (a draft). */
export async function workReportPdfBytes(
  trx: Db,
  tenant: string,
  report: Row,
): Promise<{ name: string; bytes: Buffer }> {
  const stored = (report.pdf as Attachment[] | null)?.[0];
  const bytes =
    (stored && (await documentServices().files.read(tenant, stored))) || (await renderWorkReport(trx, tenant, report));
  return { name: pdfName(report), bytes };
}

/**
 * `sign`: stores the drawn signature and the PDF that shows it, in the action's transaction
 * (docs/domain.md#work-reports).
 */
export async function beforeSign(
  ctx: HookContext,
  stored: Row,
  input: { signerName: string | null; signature: string | null },
) {
  const png = signatureBytes(ctx, input.signature ?? '');
  const { files } = documentServices();
  const tenant = ctx.actor.tenant;
  const signed = { ...stored, signerName: input.signerName, signedAt: new Date().toISOString(), status: 'signed' };
  const bytes = await renderWorkReport(ctx.trx, tenant, signed, png);
  const base = pdfName(stored).replace(/\.pdf$/, '');
  const image = { fileName: `firma-${base}.png`, mimeType: 'image/png', content: png };
  const signatureImage = await files.store(ctx.trx, tenant, image, ctx.actor.username);
  const document = { fileName: pdfName(stored), mimeType: 'application/pdf', content: bytes };
  const pdf = await files.store(ctx.trx, tenant, document, ctx.actor.username);
  return { signatureImage: [signatureImage], pdf: [pdf] };
}

/** `send` needs somewhere to send to: 409 before anything changes. */
export async function beforeSend(ctx: HookContext, stored: Row): Promise<void> {
  const context = await workReportContext(ctx.trx, ctx.actor.tenant, stored);
  if (!recipientOf(context))
    throw ctx.conflict(
      ctx.issue('email', 'validation.sales.noRecipient'),
      'The customer has no e-mail address to send the work report to.',
    );
}

/** `send`: mails the PDF once the report is marked sent; a refused mail rolls the mark back. */
export async function afterSend(ctx: HookContext, record: Row): Promise<void> {
  const { mailer, companyOf, langOf } = documentServices();
  const tenant = ctx.actor.tenant;
  const to = recipientOf(await workReportContext(ctx.trx, tenant, record));
  if (!to) return;
  const lang = langOf(tenant);
  const { name, bytes } = await workReportPdfBytes(ctx.trx, tenant, record);
  const params = {
    number: String(record.number ?? ''),
    date: String(record.date ?? '')
      .split('-')
      .reverse()
      .join('/'),
    name: String(record.signerName ?? ''),
    company: companyOf(tenant).legalName,
  };
  try {
    await mailer.send({
      to,
      subject: translate(lang, 'documents.workReport.mailSubject', params),
      text: translate(lang, 'documents.workReport.mailText', params),
      attachments: [{ fileName: name, mimeType: 'application/pdf', content: bytes }],
    });
  } catch {
    // The report stays signed (the transaction rolls back): sending again is safe.
    throw new HttpProblem(503, 'The mail server did not accept the work report; try again later.');
  }
}
