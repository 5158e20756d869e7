import instalments from '../../../../resources/sales/instalments';
import invoices from '../../../../resources/sales/invoices';
import { decimal, editableByAlternative } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import type { HookContext, Row, StoredOf } from '../../../records';
import { nextDueDateOf } from '../payments/allocation';
import type { DueDate } from '../payments/due-dates';
import { openInstalments } from '../payments/instalments';

type Invoice = StoredOf<typeof invoices>;

/** What identifies the fiscal document: a rejected invoice is sent again with them as issued (Circ. AdE 13/E 2018). */
const AS_ISSUED = ['documentType', 'seriesId', 'date', 'customerId'] as const;
/** What the instalments are made of: changing it reopens them. */
const OWED = ['lines', 'stampDuty', 'dueDates'] as const;

/** An issued invoice being corrected after the SdI's rejection (docs/domain.md#sdi-round-trip). */
export const isCorrection = (stored: Row) => editableByAlternative(invoices, stored);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Before a rejected invoice is saved: number, date, series, document type and customer stay as issued (400
 * naming the field); amounts may change only while nothing was paid against it and it is no credit note (409),
 * since its instalments are opened again from the corrected due dates.
 */
export async function checkCorrection(ctx: HookContext, changes: Row, stored: Invoice): Promise<void> {
  ctx.refuse(
    AS_ISSUED.filter((name) => name in changes && !same(changes[name], stored[name])).map((name) =>
      ctx.issue(name, 'validation.sales.sdiCorrectionFixed'),
    ),
  );
  const owed = OWED.some((name) => name in changes && !same(changes[name], stored[name]));
  // A credit note's amounts were credited to the invoices it corrects: those stay as they are too.
  if (owed && (decimal.compare(stored.paidAmount ?? 0, 0) > 0 || stored.documentType === 'TD04'))
    throw ctx.conflict(
      ctx.issue('lines', 'validation.sales.sdiCorrectionAmounts'),
      'Payments or credits rest on this document: its amounts no longer change.',
    );
}

/** After a correction that changed what is owed: the instalments are opened again from the new due dates. */
export async function afterCorrection(ctx: HookContext, record: Invoice, previous: Invoice): Promise<void> {
  if (OWED.every((name) => same(record[name], previous[name]))) return;
  await ctx.trx
    .deleteFrom(tableRef(instalments))
    .where('tenantId', '=', ctx.actor.tenant)
    .where('invoiceId', '=', record.id)
    .execute();
  await openInstalments(ctx, record);
  await ctx.trx
    .updateTable(tableRef(invoices))
    .set({ nextDueDate: nextDueDateOf((record.dueDates ?? []) as DueDate[]) } as never)
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', record.id)
    .execute();
}
