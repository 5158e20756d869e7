import { randomUUID } from 'node:crypto';
import instalments from '../../../../resources/sales/instalments';
import { decimal } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import type { HookContext, Row } from '../../../records';
import type { PAYMENT_METHODS } from '../../../../resources/sales/codes';
import type { DueDate } from './due-dates';

/**
 * Opens the instalments (the Scadenzario's rows) of an invoice just issued, one per due date, in the
 * issue's transaction.
 */
export async function openInstalments(ctx: HookContext, invoice: Row): Promise<void> {
  const dueDates = ((invoice.dueDates as DueDate[] | null) ?? [])
    .slice()
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  if (dueDates.length === 0) return;
  const rows = dueDates.map((due, i) => ({
    tenantId: ctx.actor.tenant,
    id: randomUUID(),
    createdBy: ctx.actor.username,
    updatedBy: ctx.actor.username,
    version: 1,
    invoiceId: String(invoice.id),
    invoiceNumber: typeof invoice.fullNumber === 'string' ? invoice.fullNumber : null,
    customerId: String(invoice.customerId),
    customerName: typeof invoice.customerName === 'string' ? invoice.customerName : null,
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
