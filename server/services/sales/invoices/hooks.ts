import invoices from '../../../../resources/sales/invoices';
import { defineHooks } from '../../../records';
import { documentBase } from '../documents';

const base = documentBase(invoices);

/** The invoice's behaviour (docs/domain.md): the shared document checks. */
export const invoiceHooks = defineHooks(invoices, {
  beforeCreate: (ctx, values) => base.beforeCreate(ctx, values),
  beforeUpdate: (ctx, changes, stored) => base.beforeUpdate(ctx, changes, stored),
});
