import type { Attachment } from '../../../../resources/schema';
import { documentServices } from '../../../documents/services';
import type { HookContext, Row } from '../../../records';
import { salesDocumentPdf } from '../document-pdf';

/**
 * The PDF of a quote as it was sent, stored before `revise` puts it back in draft
 * (docs/domain.md#quotes-and-proformas): "Q-2026-0001-rev0.pdf", one file per earlier revision.
 */
export async function previousVersion(ctx: HookContext, quote: Row): Promise<Attachment> {
  const tenant = ctx.actor.tenant;
  const { name, bytes } = await salesDocumentPdf(ctx.trx, tenant, 'sales/quotes', quote);
  const fileName = name.replace(/\.pdf$/, `-rev${Number(quote.revision ?? 0)}.pdf`);
  const file = { fileName, mimeType: 'application/pdf', content: bytes };
  return documentServices().files.store(ctx.trx, tenant, file, ctx.actor.username);
}
