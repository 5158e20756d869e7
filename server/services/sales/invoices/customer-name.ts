import customers from '../../../../resources/sales/customers';
import { tableRef } from '../../../db/derive';
import type { HookContext } from '../../../records';

/** What an invoice needs of its customer: the name it prints and whether it may be invoiced. */
export interface InvoicedCustomer {
  name: string | null;
  blocked: boolean;
}

/** The customer's legal name, or "lastName firstName" for an individual (docs/domain.md#invoices). */
export async function invoicedCustomer(ctx: HookContext, customerId: unknown): Promise<InvoicedCustomer | undefined> {
  if (typeof customerId !== 'string') return undefined;
  const row = await ctx.trx
    .selectFrom(tableRef(customers))
    .select(['legalName', 'firstName', 'lastName', 'blocked'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) return undefined;
  const person = [row.lastName, row.firstName].filter((part) => typeof part === 'string' && part !== '').join(' ');
  const name = (typeof row.legalName === 'string' && row.legalName !== '' ? row.legalName : person) || null;
  return { name: name === null ? null : name.slice(0, 80), blocked: row.blocked === true };
}
