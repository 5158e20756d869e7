import proformas from '../../../../resources/sales/proformas';
import { todayInItaly } from '../../../../resources/schema/presets';
import { decimal } from '../../../../resources/schema';
import { defineHooks } from '../../../records';
import { convertedBy, proformaToInvoice } from '../conversion';
import { mailDocument, recipientOf } from '../document-mail';
import { documentBase } from '../documents';
import { invoiceHooks } from '../invoices/hooks';

const base = documentBase(proformas, 'proforma');

/**
 * The proforma's behaviour (docs/domain.md#quotes-and-proformas): the shared document checks; edits and
 * deletion only as a draft; `send` issues it and mails its PDF; `registerPayment` at most its total and
 * not in the future; `convertToInvoice` makes its draft invoice (conversion.ts).
 */
export const proformaHooks = defineHooks(proformas, {
  beforeCreate: (ctx, values) => base.beforeCreate(ctx, values),
  // Only drafts reach it: the engine refuses the others (the definition's editableWhile).
  beforeUpdate: (ctx, changes, stored) => base.beforeUpdate(ctx, changes, stored),
  actions: {
    send: {
      before: async (ctx, stored, input) => ({ sentTo: await recipientOf(ctx, stored, input.to) }),
      after: (ctx, record) => mailDocument(ctx, 'sales/proformas', record),
    },
    registerPayment: {
      async before(ctx, stored, input) {
        const issues = [];
        if (input.paidAmount !== null && decimal.compare(input.paidAmount, stored.totalDocument ?? '0') > 0)
          issues.push(
            ctx.issue('paidAmount', 'validation.sales.paidOverTotal', { total: stored.totalDocument ?? '0' }),
          );
        if (input.paidAt !== null && input.paidAt > todayInItaly())
          issues.push(ctx.issue('paidAt', 'validation.sales.paidInFuture'));
        ctx.refuse(issues);
      },
    },
    convertToInvoice: {
      async before(ctx, stored) {
        const invoice = await proformaToInvoice(ctx, stored, invoiceHooks);
        return invoice ? { invoiceId: String(invoice.id) } : {};
      },
      replay: async (_ctx, current, _input, version) => convertedBy(current, version, 'invoiced', 'invoiceId'),
    },
  },
});
