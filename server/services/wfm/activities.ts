import activities from '../../../resources/wfm/activities';
import machines from '../../../resources/wfm/machines';
import technicians from '../../../resources/wfm/technicians';
import sites from '../../../resources/sales/sites';
import type { FieldIssue } from '../../../resources/schema';
import { tableRef } from '../../db/derive';
import { defineHooks, type HookContext, issue, type ResourceHooks, type Row } from '../../records';
import { nextNumber } from '../sales/numbering';
import { rowOf } from './references';
import { isCompletionRetry, postCompletion, undoCompletion } from './completion';
import { prepareJobLines } from './job-lines';
import { enforcePlanningChecks } from './planning/enforce';
import { redraftOnCancel, redraftOnUpdate } from './planning/redraft';
import { checkTechnicianEdit } from './technician-edits';
import { activityScope } from './technician-scope';
import { actingTechnicianId, closeOpenEntries, hasOpenEntry, openEntry, requireAssigned } from './work-time';

const TECHNICIANS = tableRef(technicians);
const MACHINES = tableRef(machines);

/** The technicians the user signs in as (normally one): wfm.technicians.user_id. */
export async function ownTechnicianIds(ctx: HookContext): Promise<string[]> {
  if (!ctx.actor.userId) return [];
  const rows = await ctx.trx
    .selectFrom(TECHNICIANS)
    .select('id')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('userId', '=', ctx.actor.userId)
    .execute();
  return rows.map((row) => String(row.id));
}

/**
 * A technician reaches only the published activities assigned to them (list, show, actions; drafts
 * answer 404); administrators, and the seed and jobs (no roles), reach all. The one rule:
 * technician-scope.ts.
 */
const scope = activityScope;

/**
 * Consistency with other records (docs/domain.md#activities): the site is the customer's, the machines are at the
 * site and in service (a decommissioned one only when it was already there), the technicians active
 * (likewise). `stored` is the activity before an update.
 */
async function checkConsistency(ctx: HookContext, activity: Row, stored?: Row): Promise<void> {
  const tenant = ctx.actor.tenant;
  const changed = (name: string) => !stored || JSON.stringify(activity[name]) !== JSON.stringify(stored[name]);
  const issues: FieldIssue[] = [];
  if (changed('siteId') || changed('customerId')) {
    const site = await rowOf(ctx.trx, sites, tenant, activity.siteId, ['customerId']);
    if (site && site.customerId !== activity.customerId)
      issues.push(issue('siteId', 'validation.wfm.siteOfAnotherCustomer'));
  }
  const machineIds = (activity.machineIds ?? []) as string[];
  if (machineIds.length > 0 && (changed('machineIds') || changed('siteId'))) {
    const before = new Set((stored?.machineIds ?? []) as string[]);
    const rows = await ctx.trx
      .selectFrom(MACHINES)
      .select(['id', 'siteId', 'status'])
      .where('tenantId', '=', tenant)
      .where('id', 'in', machineIds)
      .execute();
    for (const row of rows) {
      if (row.siteId !== activity.siteId) issues.push(issue('machineIds', 'validation.wfm.machineOfAnotherSite'));
      else if (row.status === 'decommissioned' && !before.has(String(row.id)))
        issues.push(issue('machineIds', 'validation.wfm.machineDecommissioned'));
    }
  }
  const team = (activity.technicianIds ?? []) as string[];
  if (team.length > 0 && changed('technicianIds')) {
    const before = new Set((stored?.technicianIds ?? []) as string[]);
    const inactive = await ctx.trx
      .selectFrom(TECHNICIANS)
      .select('id')
      .where('tenantId', '=', tenant)
      .where('id', 'in', team)
      .where('active', '=', false)
      .execute();
    if (inactive.some((row) => !before.has(String(row.id))))
      issues.push(issue('technicianIds', 'validation.wfm.technicianInactive'));
  }
  ctx.refuse(issues.filter((issue, i) => issues.findIndex((other) => other.path === issue.path) === i));
}

/** Closed and cancelled activities are an archive: no more edits. */
const FINAL: readonly (string | null)[] = ['closed', 'cancelled'];
const UNDELETABLE: readonly (string | null)[] = ['approvedNotBilled', 'billed', 'closed'];

/**
 * Activities beyond generic CRUD: numbered from the series, consistent with the records they name,
 * archived once final. The actions' guards of docs/domain.md#activities that a status alone does not express live
 * here; who and when are the actions' declared stamps (resources/wfm/activities.ts).
 */
const activityHooks = defineHooks(activities, {
  scope,
  async beforeCreate(ctx, values) {
    await checkConsistency(ctx, values);
    // Overlaps, skills, certificates, absences, working hours: docs/domain.md#planning-checks.
    const planned = await enforcePlanningChecks(ctx, values, values);
    const lines = await prepareJobLines(ctx, values, values);
    const { fullNumber } = await nextNumber(ctx.trx, ctx.actor.tenant, 'activity', new Date(), { lang: ctx.lang });
    return { ...values, ...planned, ...lines, number: fullNumber };
  },
  async beforeDelete(ctx, stored) {
    // What was billed, or decided not to be, is history: docs/domain.md#activities.
    if (UNDELETABLE.includes(stored.status) || stored.proformaId || stored.invoiceId)
      throw ctx.conflict(
        ctx.issue('status', 'validation.wfm.notDeletable'),
        `A ${String(stored.status)} activity, or one in a billing document, cannot be deleted.`,
      );
  },
  async beforeUpdate(ctx, changes, stored) {
    if (FINAL.includes(stored.status))
      throw ctx.conflict(
        ctx.issue('status', 'validation.wfm.archived'),
        `A ${stored.status} activity cannot be changed.`,
      );
    checkTechnicianEdit(ctx, changes, stored);
    await checkConsistency(ctx, { ...stored, ...changes }, stored);
    // A moved or re-staffed slot is checked like a new one: docs/domain.md#planning-checks.
    const planned = await enforcePlanningChecks(ctx, { ...stored, ...changes }, changes, stored);
    // A change of what the technicians were sent makes it a draft to send again (docs/domain.md#planner).
    const redraft = redraftOnUpdate(changes, stored);
    return { ...changes, ...planned, ...(await prepareJobLines(ctx, changes, { ...stored, ...changes })), ...redraft };
  },
  actions: {
    complete: {
      async before(ctx, stored) {
        const open = (stored.checklist ?? []).some((item) => item.required === true && item.done !== true);
        if (open) ctx.refuse([ctx.issue('checklist', 'validation.wfm.checklistIncomplete')]);
        // The clock stops with the job.
        if (hasOpenEntry(stored.timeEntries) || stored.workState === 'paused')
          return {
            timeEntries: closeOpenEntries(stored.timeEntries, new Date().toISOString()),
            workState: 'stopped' as const,
          };
      },
      async after(ctx, record, input) {
        await postCompletion(ctx, record, String(input.resolution));
      },
      async replay(ctx, current, input, version) {
        return isCompletionRetry(ctx, current, input, version);
      },
    },
    requestChanges: {
      async after(ctx, record) {
        await undoCompletion(ctx, record);
      },
    },
    markNotBillable: {
      async before(ctx, stored, input) {
        // A chargeable activity needs a reason not to bill it; contract, warranty ... say it already.
        if (stored.billingMode === 'chargeable' && !input.notBillableReason)
          ctx.refuse([ctx.issue('notBillableReason', 'validation.required')]);
      },
    },
    startWork: {
      async before(ctx, stored) {
        requireAssigned(ctx, stored.status);
        const technicianId = await actingTechnicianId(ctx, stored);
        if (!technicianId) ctx.refuse([ctx.issue('technicianIds', 'validation.required')]);
        return { timeEntries: openEntry(stored.timeEntries, technicianId!, new Date().toISOString()) };
      },
    },
    pauseWork: {
      async before(ctx, stored) {
        requireAssigned(ctx, stored.status);
        return { timeEntries: closeOpenEntries(stored.timeEntries, new Date().toISOString()) };
      },
    },
    stopWork: {
      async before(ctx, stored) {
        requireAssigned(ctx, stored.status);
        return { timeEntries: closeOpenEntries(stored.timeEntries, new Date().toISOString()) };
      },
    },
    cancel: {
      async before(ctx, stored) {
        if (stored.proformaId || stored.invoiceId)
          throw ctx.conflict(
            ctx.issue('status', 'validation.wfm.inBillingDocument'),
            'The activity is in a proforma or an invoice.',
          );
        // Its technicians were told of it: the next sending tells them it is off (docs/domain.md#planner).
        return redraftOnCancel(stored);
      },
    },
  },
});

export const activityHookMap: Record<string, ResourceHooks> = { [activities.name]: activityHooks };
