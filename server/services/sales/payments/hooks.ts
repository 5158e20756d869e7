import payments from '../../../../resources/sales/payments';
import { decimal } from '../../../../resources/schema';
import { defineHooks, type HookContext } from '../../../records';
import { allocate, applyAllocations, type Allocation, instalmentsOf, lockedInvoice } from './allocation';

/** Only these may change on a recorded payment: the amounts moved with it stay as they are. */
const FIXED = ['invoiceId', 'instalmentId', 'amount'] as const;

const allocationsOf = (value: unknown): Allocation[] =>
  (Array.isArray(value) ? value : []).map((a: Allocation) => ({ instalmentId: a.instalmentId, amount: a.amount }));

/** The issued invoice a payment goes to, locked; 409 for a draft or a cancelled one. */
async function payableInvoice(ctx: HookContext, invoiceId: string) {
  const invoice = await lockedInvoice(ctx, invoiceId);
  if (!invoice) throw ctx.invalid([ctx.issue('invoiceId', 'validation.reference')]);
  if (invoice.status !== 'issued')
    throw ctx.conflict(
      ctx.issue('invoiceId', 'validation.sales.invoiceNotIssued', { status: String(invoice.status) }),
      `Payments are recorded against an issued invoice; this one is ${String(invoice.status)}.`,
    );
  return invoice;
}

/**
 * Payments against issued invoices (docs/domain.md#due-dates-and-payments). Under the invoice's row
 * lock, so concurrent payments take turns and cannot together pay more than is owed: the amount goes to
 * the named instalment, else to the open ones in due-date order, and moves their paid amounts and the
 * invoice's paid amount and payment status in the payment's transaction. A recorded payment keeps its
 * invoice and amount (delete it and record it again); deleting it gives the amounts back.
 */
export const paymentHooks = defineHooks(payments, {
  async beforeCreate(ctx, values) {
    const invoiceId = String(values.invoiceId);
    const invoice = await payableInvoice(ctx, invoiceId);
    const rows = await instalmentsOf(ctx, invoiceId);
    let open = rows;
    if (typeof values.instalmentId === 'string') {
      open = rows.filter((r) => r.id === values.instalmentId);
      if (open.length === 0) throw ctx.invalid([ctx.issue('instalmentId', 'validation.sales.instalmentOfInvoice')]);
    }
    const outstanding = decimal.sumOf(open, 'outstandingAmount');
    if (decimal.compare(values.amount ?? 0, outstanding) > 0)
      throw ctx.conflict(
        ctx.issue('amount', 'validation.sales.overOutstanding', { outstanding }),
        `The amount exceeds what is still owed (${outstanding}).`,
      );
    return {
      ...values,
      customerId: String(invoice.customerId),
      allocations: allocate(open, String(values.amount)),
    };
  },
  async afterCreate(ctx, record) {
    await applyAllocations(ctx, record.invoiceId!, allocationsOf(record.allocations), 1, record.date);
  },
  async beforeUpdate(ctx, changes, stored) {
    const moved = FIXED.filter((k) => k in changes && String(changes[k] ?? '') !== String(stored[k] ?? ''));
    const changed = moved.filter((k) => k !== 'amount' || decimal.compare(changes.amount ?? 0, stored.amount ?? 0));
    if (changed.length > 0)
      throw ctx.conflict(
        changed.map((k) => ctx.issue(k, 'validation.sales.paymentFixed')),
        'A recorded payment keeps its invoice, instalment and amount: delete it and record it again.',
      );
    return changes;
  },
  async beforeDelete(ctx, stored) {
    await lockedInvoice(ctx, String(stored.invoiceId));
  },
  async afterDelete(ctx, record) {
    await applyAllocations(ctx, String(record.invoiceId), allocationsOf(record.allocations), -1, null);
  },
});
