import invoices from '../../../../resources/sales/invoices';
import { defineHooks } from '../../../records';
import { documentBase } from '../documents';
import { dueDatesFor } from '../payments/due-dates';
import { openInstalments } from '../payments/instalments';

const base = documentBase(invoices);

/**
 * The invoice's behaviour (docs/domain.md): the shared document checks; on issue the due dates are fixed
 * (its own, else from its payment term) and its instalments opened.
 */
export const invoiceHooks = defineHooks(invoices, {
  beforeCreate: (ctx, values) => base.beforeCreate(ctx, values),
  beforeUpdate: (ctx, changes, stored) => base.beforeUpdate(ctx, changes, stored),
  actions: {
    issue: {
      before: async (ctx, stored) => ({ dueDates: await dueDatesFor(ctx, stored) }),
      after: (ctx, record) => openInstalments(ctx, record),
    },
  },
});
