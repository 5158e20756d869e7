import customers from '../../../../resources/sales/customers';
import { tableRef } from '../../../db/derive';
import type { HookContext } from '../../../records';

/** What an invoice needs of its customer: the name it prints and whether it may be invoiced. */
export interface InvoicedCustomer {
  name: string | null;
  blocked: boolean;
}

/** The customer's legal name, or "lastName firstName" for an individual (docs/domain.md#invoices). */
export function customerNameOf(row: { legalName?: unknown; firstName?: unknown; lastName?: unknown }): string | null {
  const person = [row.lastName, row.firstName].filter((part) => typeof part === 'string' && part !== '').join(' ');
  const name = (typeof row.legalName === 'string' && row.legalName !== '' ? row.legalName : person) || null;
  return name === null ? null : name.slice(0, 80);
}

/** The name the invoice prints and whether the customer may be invoiced, read from its row. */
export async function invoicedCustomer(ctx: HookContext, customerId: unknown): Promise<InvoicedCustomer | undefined> {
  if (typeof customerId !== 'string') return undefined;
  const row = await ctx.trx
    .selectFrom(tableRef(customers))
    .select(['legalName', 'firstName', 'lastName', 'blocked'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row ? { name: customerNameOf(row), blocked: row.blocked === true } : undefined;
}
