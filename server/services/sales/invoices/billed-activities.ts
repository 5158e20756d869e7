import { sql } from 'kysely';
import activities from '../../../../resources/wfm/activities';
import { tableRef } from '../../../db/derive';
import type { HookContext } from '../../../records';

/**
 * The activities an invoice billed become billable again (status approved, no invoice), in the
 * transaction that cancels or fully credits the invoice (docs/domain.md#invoices).
 */
export async function releaseBilledActivities(ctx: HookContext, invoiceId: string): Promise<void> {
  await ctx.trx
    .updateTable(tableRef(activities))
    .set({
      status: 'approved',
      invoiceId: null,
      updatedBy: ctx.actor.username,
      updatedAt: sql`now()`,
      version: sql`version + 1`,
    })
    .where('tenantId', '=', ctx.actor.tenant)
    .where('invoiceId', '=', invoiceId)
    .where('status', '=', 'billed')
    .execute();
}
