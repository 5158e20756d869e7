import { sql } from 'kysely';
import instalments from '../../../../resources/sales/instalments';
import invoices from '../../../../resources/sales/invoices';
import payments from '../../../../resources/sales/payments';
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

/**
 * The earliest due date still to collect: of the instalments open or partly paid; null when none is
 * (paid, or no instalments). The invoice keeps it as `nextDueDate` (docs/domain.md#due-dates-and-payments).
 */
export function nextDueDateOf(rows: readonly { dueDate: string; status?: string }[]): string | null {
  const due = rows
    .filter((row) => row.status === undefined || row.status === 'open' || row.status === 'partiallyPaid')
    .map((row) => row.dueDate)
    .sort();
  return due[0] ?? null;
}

/**
 * The date of the latest payment still recorded for each of the invoice's instalments (read after a
 * payment is deleted, so it is no longer among them).
 */
async function lastPaymentDates(ctx: HookContext, invoiceId: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ instalmentId: string; lastPaymentDate: string }>`
    select a.line->>'instalmentId' as "instalmentId", max(p.date)::text as "lastPaymentDate"
    from ${sql.table(`${payments.service}.${payments.table}`)} p,
      jsonb_array_elements(coalesce(p.allocations, '[]'::jsonb)) as a(line)
    where p.tenant_id = ${ctx.actor.tenant} and p.invoice_id = ${invoiceId}
    group by a.line->>'instalmentId'`.execute(ctx.trx);
  return new Map(rows.map((row) => [row.instalmentId, row.lastPaymentDate]));
}

const statusOf = (amount: string, paid: string) =>
  decimal.compare(paid, amount) >= 0 ? 'paid' : decimal.compare(paid, 0) > 0 ? 'partiallyPaid' : 'open';

/**
 * Adds (`sign` 1) or gives back (`sign` -1) the allocations of a payment to its instalments, then sets
 * the invoice's paid amount, payment status and next due date from them. System writes, straight to the
 * tables: the issued invoice's own update lock is for people, not for its payments. A payment given back
 * leaves each instalment the date of its latest remaining payment, or none.
 */
export async function applyAllocations(
  ctx: HookContext,
  invoiceId: string,
  allocations: readonly Allocation[],
  sign: 1 | -1,
  lastPaymentDate: string | null,
): Promise<void> {
  const rows = await instalmentsOf(ctx, invoiceId);
  const remaining = sign === -1 ? await lastPaymentDates(ctx, invoiceId) : undefined;
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
      lastPaymentDate: remaining ? (remaining.get(row.id) ?? null) : lastPaymentDate,
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
    .set({
      paidAmount,
      paymentStatus: paymentStatus === 'open' ? 'unpaid' : paymentStatus,
      nextDueDate: nextDueDateOf(rows),
    })
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', invoiceId)
    .execute();
}
