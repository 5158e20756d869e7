import { sql } from 'kysely';
import activities from '../../../resources/wfm/activities';
import { todayInItaly } from '../../../resources/ticketing/recurrence';
import { tableRef } from '../../db/derive';
import type { HookContext, Row } from '../../records';

/**
 * Guards and side effects of the ticketing lifecycle actions (docs/domain.md#ticketing), run by the
 * generic action route after the status was written, in the same transaction: a thrown problem
 * refuses the whole action.
 */

/** The activities carried out for a request (wfm/activities refer to it by ticketId). */
async function activitiesOf(ctx: HookContext, requestId: string): Promise<{ status: string }[]> {
  return (await ctx.trx
    .selectFrom(tableRef(activities))
    .select('status')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('ticketId', '=', requestId)
    .execute()) as { status: string }[];
}

/** Closing a request: nobody is still assigned to it, and closing what nobody worked on says why. */
export async function closeRequest(ctx: HookContext, record: Row): Promise<void> {
  const activities = await activitiesOf(ctx, record.id as string);
  if (activities.some((a) => a.status === 'assigned'))
    throw ctx.conflict(
      {
        path: 'status',
        key: 'ticketing.errors.activitiesAssigned',
      },
      'The request still has assigned activities: complete or cancel them first.',
    );
  if (activities.length === 0 && !record.closeReason)
    throw ctx.invalid([{ path: 'closeReason', key: 'validation.required' }]);
}

/** A contract that has already ended cannot start. */
export async function activateContract(ctx: HookContext, record: Row): Promise<void> {
  if ((record.endDate as string) < todayInItaly())
    throw ctx.invalid([{ path: 'endDate', key: 'ticketing.errors.contractEnded' }]);
}

/** Terminating a contract: not in the past, and its active plans are suspended. */
export async function terminateContract(ctx: HookContext, record: Row): Promise<void> {
  if ((record.terminatedAt as string) < todayInItaly())
    throw ctx.invalid([{ path: 'terminatedAt', key: 'ticketing.errors.notInPast' }]);
  // No more visits under a contract that ends (docs/domain.md#contracts-and-reminders: linked plans are suspended).
  await ctx.trx
    .updateTable('ticketing.periodicTickets')
    .set({ status: 'suspended', updatedAt: sql`now()`, updatedBy: ctx.actor.username, version: sql`version + 1` })
    .where('tenantId', '=', ctx.actor.tenant)
    .where('contractId', '=', record.id as string)
    .where('status', '=', 'active')
    .execute();
}

/** A contract closes once its plans are closed. */
export async function closeContract(ctx: HookContext, record: Row): Promise<void> {
  const open = await ctx.trx
    .selectFrom('ticketing.periodicTickets')
    .select('id')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('contractId', '=', record.id as string)
    .where('status', '<>', 'closed')
    .executeTakeFirst();
  if (open)
    throw ctx.conflict(
      {
        path: 'status',
        key: 'ticketing.errors.openPlans',
      },
      'The contract still has periodic plans that are not closed.',
    );
}

/** A plan that will never produce a visit again cannot be put to work (activate, resume). */
export async function requireNextOccurrence(ctx: HookContext, record: Row): Promise<void> {
  if (!record.nextOccurrence) throw ctx.invalid([{ path: 'nextOccurrence', key: 'ticketing.errors.noOccurrence' }]);
}
