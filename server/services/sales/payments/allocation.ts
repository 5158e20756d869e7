import { sql } from 'kysely';
import instalments from '../../../../resources/sales/instalments';
import invoices from '../../../../resources/sales/invoices';
import { decimal } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import type { HookContext } from '../../../records';

/** How much of a payment went to one instalment. */
export interface Allocation {
  instalmentId: string;
  amount: string;
}

/** An instalment as the allocation reads it. */
export interface OpenInstalment {
  id: string;
  invoiceId: string;
  dueDate: string;
  amount: string;
  paidAmount: string;
  outstandingAmount: string;
  status: string;
}

/** The invoice a payment is recorded against, locked so that concurrent payments take turns. */
export async function lockedInvoice(ctx: HookContext, invoiceId: string) {
  return ctx.trx
    .selectFrom(tableRef(invoices))
    .select(['id', 'status', 'customerId', 'fullNumber'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', invoiceId)
    .forUpdate()
    .executeTakeFirst();
}

/** The invoice's instalments, in due-date order (read under the invoice's lock). */
export async function instalmentsOf(ctx: HookContext, invoiceId: string): Promise<OpenInstalment[]> {
  const rows = await ctx.trx
    .selectFrom(tableRef(instalments))
    .select(['id', 'invoiceId', 'dueDate', 'amount', 'paidAmount', 'outstandingAmount', 'status'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('invoiceId', '=', invoiceId)
    .orderBy('dueDate')
    .orderBy('position')
    .execute();
  return rows as unknown as OpenInstalment[];
}

/**
 * Spreads `amount` over the instalments in the given order, each taking at most what it still owes.
 * The caller has checked the amount does not exceed what they owe together.
 */
export function allocate(open: readonly OpenInstalment[], amount: string): Allocation[] {
  let left = decimal.dec(amount);
  const out: Allocation[] = [];
  for (const row of open) {
    if (left.lte(0)) break;
    const owed = decimal.dec(row.outstandingAmount);
    if (owed.lte(0)) continue;
    const take = left.lt(owed) ? left : owed;
    out.push({ instalmentId: row.id, amount: decimal.round(take, 2) });
    left = left.minus(take);
  }
  return out;
}

const statusOf = (amount: string, paid: string) =>
  decimal.compare(paid, amount) >= 0 ? 'paid' : decimal.compare(paid, 0) > 0 ? 'partiallyPaid' : 'open';

/**
 * Adds (`sign` 1) or gives back (`sign` -1) the allocations of a payment to its instalments, then sets
 * the invoice's paid amount and payment status from them. System writes, straight to the tables: the
 * issued invoice's own update lock is for people, not for its payments.
 */
export async function applyAllocations(
  ctx: HookContext,
  invoiceId: string,
  allocations: readonly Allocation[],
  sign: 1 | -1,
  lastPaymentDate: string | null,
): Promise<void> {
  const rows = await instalmentsOf(ctx, invoiceId);
  for (const allocation of allocations) {
    const row = rows.find((r) => r.id === allocation.instalmentId);
    if (!row) continue;
    const paid = decimal.dec(row.paidAmount).plus(decimal.dec(allocation.amount).times(sign));
    const paidAmount = decimal.round(paid.lt(0) ? 0 : paid, 2);
    const outstandingAmount = decimal.round(decimal.dec(row.amount).minus(paidAmount), 2);
    const values = {
      paidAmount,
      outstandingAmount,
      status: statusOf(row.amount, paidAmount) as 'open' | 'partiallyPaid' | 'paid',
      // Giving back all of it leaves no payment date; otherwise the date of the last payment stays.
      ...(sign === 1 ? { lastPaymentDate } : decimal.compare(paidAmount, 0) === 0 ? { lastPaymentDate: null } : {}),
    };
    Object.assign(row, values);
    await ctx.trx
      .updateTable(tableRef(instalments))
      .set({ ...values, updatedBy: ctx.actor.username, updatedAt: sql`now()`, version: (eb) => eb('version', '+', 1) })
      .where('tenantId', '=', ctx.actor.tenant)
      .where('id', '=', row.id)
      .execute();
  }
  const amount = decimal.sumOf(rows, 'amount');
  const paidAmount = decimal.sumOf(rows, 'paidAmount');
  const paymentStatus = decimal.compare(paidAmount, 0) <= 0 ? 'unpaid' : statusOf(amount, paidAmount);
  await ctx.trx
    .updateTable(tableRef(invoices))
    .set({ paidAmount, paymentStatus: paymentStatus === 'open' ? 'unpaid' : paymentStatus })
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', invoiceId)
    .execute();
}
