import quotes from '../../../../resources/sales/quotes';
import { todayInItaly } from '../../../../resources/schema/presets';
import { defineHooks } from '../../../records';
import { convertedBy, quoteToInvoice, quoteToProforma } from '../conversion';
import { mailDocument, recipientOf } from '../document-mail';
import { documentBase } from '../documents';
import { invoiceHooks } from '../invoices/hooks';
import { proformaHooks } from '../proformas/hooks';
import { previousVersion } from './revision';

const base = documentBase(quotes, 'quote');

/**
 * The quote's behaviour (docs/domain.md#quotes-and-proformas): the shared document checks; edits and
 * deletion only as a draft; `send` mails its PDF; `expire` only once past `validUntil`; `revise` keeps
 * the PDF that was sent; the convert actions make the proforma or the invoice (conversion.ts).
 */
export const quoteHooks = defineHooks(quotes, {
  beforeCreate: (ctx, values) => base.beforeCreate(ctx, values),
  // Only drafts reach it: the engine refuses the others (the definition's editableWhile).
  beforeUpdate: (ctx, changes, stored) => base.beforeUpdate(ctx, changes, stored),
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
