import quotes from '../../../../resources/sales/quotes';
import { todayInItaly } from '../../../../resources/schema/presets';
import { defineHooks, type HookContext, type Row } from '../../../records';
import { convertedBy, quoteToInvoice, quoteToProforma } from '../conversion';
import { mailDocument, recipientOf } from '../document-mail';
import { documentBase } from '../documents';
import { invoiceHooks } from '../invoices/hooks';
import { proformaHooks } from '../proformas/hooks';
import { previousVersion } from './revision';

const base = documentBase(quotes, 'quote');

/** Only a draft changes: a sent quote changes through a revision (409 naming the status). */
function onlyDraft(ctx: HookContext, stored: Row, detail: string): void {
  if (stored.status !== 'draft') throw ctx.conflict(ctx.issue('status', 'validation.sales.quoteNotDraft'), detail);
}

/**
 * The quote's behaviour (docs/domain.md#quotes-and-proformas): the shared document checks; edits and
 * deletion only as a draft; `send` mails its PDF; `expire` only once past `validUntil`; `revise` keeps
 * the PDF that was sent; the convert actions make the proforma or the invoice (conversion.ts).
 */
export const quoteHooks = defineHooks(quotes, {
  beforeCreate: (ctx, values) => base.beforeCreate(ctx, values),
  async beforeUpdate(ctx, changes, stored) {
    onlyDraft(ctx, stored, 'A quote that has been sent cannot be edited: revise it.');
    return base.beforeUpdate(ctx, changes, stored);
  },
  async beforeDelete(ctx, stored) {
    onlyDraft(ctx, stored, 'Only a draft quote can be deleted.');
  },
  actions: {
    send: {
      before: async (ctx, stored, input) => ({ sentTo: await recipientOf(ctx, stored, input.to) }),
      after: (ctx, record) => mailDocument(ctx, 'sales/quotes', record),
    },
    expire: {
      async before(ctx, stored) {
        const validUntil = stored.validUntil ?? '';
        if (validUntil >= todayInItaly())
          throw ctx.conflict(
            ctx.issue('validUntil', 'validation.sales.quoteStillValid', { date: validUntil }),
            `The quote is valid until ${validUntil}: it cannot expire yet.`,
          );
      },
    },
    revise: {
      before: async (ctx, stored) => ({
        revision: (stored.revision ?? 0) + 1,
        previousVersions: [...(stored.previousVersions ?? []), await previousVersion(ctx, stored)],
        acceptedAt: null,
        acceptedBy: null,
        rejectionReason: null,
        expiredAt: null,
      }),
    },
    convertToProforma: {
      async before(ctx, stored) {
        const proforma = await quoteToProforma(ctx, stored, proformaHooks);
        return proforma ? { proformaId: String(proforma.id) } : {};
      },
      replay: async (_ctx, current, _input, version) => convertedBy(current, version, 'converted', 'proformaId'),
    },
    convertToInvoice: {
      async before(ctx, stored) {
        const invoice = await quoteToInvoice(ctx, stored, invoiceHooks);
        return invoice ? { invoiceId: String(invoice.id) } : {};
      },
      replay: async (_ctx, current, _input, version) => convertedBy(current, version, 'converted', 'invoiceId'),
    },
  },
});
