import { randomUUID } from 'node:crypto';
import customers from '../../../../resources/sales/customers';
import instalments from '../../../../resources/sales/instalments';
import { decimal } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import type { HookContext, Row } from '../../../records';
import type { PAYMENT_METHODS } from '../../../../resources/sales/codes';
import type { DueDate } from './due-dates';

/** The customer's name, when the invoice does not carry it. */
async function nameOf(ctx: HookContext, invoice: Row): Promise<string | null> {
  const customer = await ctx.trx
    .selectFrom(tableRef(customers))
    .select(['legalName', 'lastName', 'firstName'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', String(invoice.customerId))
    .executeTakeFirst();
  if (!customer) return null;
  const name = customer.legalName ?? [customer.lastName, customer.firstName].filter(Boolean).join(' ');
  return name ? String(name).slice(0, 80) : null;
}

/**
 * Opens the instalments (the Scadenzario's rows) of an invoice just issued, one per due date, in the
 * issue's transaction.
 */
export async function openInstalments(ctx: HookContext, invoice: Row): Promise<void> {
  const dueDates = ((invoice.dueDates as DueDate[] | null) ?? [])
    .slice()
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  if (dueDates.length === 0) return;
  const customerName = typeof invoice.customerName === 'string' ? invoice.customerName : await nameOf(ctx, invoice);
  const rows = dueDates.map((due, i) => ({
    tenantId: ctx.actor.tenant,
    id: randomUUID(),
    createdBy: ctx.actor.username,
    updatedBy: ctx.actor.username,
    version: 1,
    invoiceId: String(invoice.id),
    invoiceNumber: typeof invoice.fullNumber === 'string' ? invoice.fullNumber : null,
    customerId: String(invoice.customerId),
    customerName,
    position: i + 1,
    dueDate: due.dueDate,
    amount: decimal.round(due.amount, 2),
    paidAmount: '0.00',
    outstandingAmount: decimal.round(due.amount, 2),
    method: (due.method ?? null) as (typeof PAYMENT_METHODS)[number] | null,
    status: 'open' as const,
    lastPaymentDate: null,
  }));
  await ctx.trx.insertInto(tableRef(instalments)).values(rows).execute();
}
