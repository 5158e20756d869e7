import quotes from '../../../../resources/sales/quotes';
import { defineHooks } from '../../../records';
import { documentBase } from '../documents';

const base = documentBase(quotes, 'quote');

/** The quote's behaviour (docs/domain.md): the shared document checks. */
export const quoteHooks = defineHooks(quotes, {
  beforeCreate: (ctx, values) => base.beforeCreate(ctx, values),
  beforeUpdate: (ctx, changes, stored) => base.beforeUpdate(ctx, changes, stored),
});
