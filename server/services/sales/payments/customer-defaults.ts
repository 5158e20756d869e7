import customers from '../../../../resources/sales/customers';
import type { ResourceDefinition } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import type { HookContext, Row } from '../../../records';

/** What a new sales document takes from its customer when the office leaves it empty. */
const DEFAULTED = ['paymentTermId', 'paymentMethod'] as const;

/**
 * A new quote, proforma or invoice without payment term or method gets the customer's (those the
 * document has). An invoice's due dates stay empty: the `issue` action computes them from these.
 */
export async function withCustomerPaymentDefaults(ctx: HookContext, def: ResourceDefinition, values: Row) {
  const missing = DEFAULTED.filter((name) => name in def.fields && (values[name] ?? null) === null);
  if (missing.length === 0 || typeof values.customerId !== 'string') return values;
  const customer = await ctx.trx
    .selectFrom(tableRef(customers))
    .select(DEFAULTED)
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', values.customerId)
    .executeTakeFirst();
  if (!customer) return values;
  const out: Row = { ...values };
  for (const name of missing) if (customer[name] !== null) out[name] = customer[name];
  return out;
}
