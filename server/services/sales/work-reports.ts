import workReports from '../../../resources/sales/work-reports';
import type { FieldIssue } from '../../../resources/schema';
import { defineHooks, type HookContext, issue, type ResourceHooks, type Row } from '../../records';
import { byActivityScope, isLimited, reachableActivities } from '../wfm/technician-scope';
import { nextNumber } from './numbering';
import type { Db } from '../../db/tables';

/** A technician reaches the work reports of the activities they reach (docs/tenancy-and-security.md#record-scopes). */
const scope = byActivityScope;

async function activityTechnicians(trx: Db, tenant: string, activityId: unknown) {
  if (typeof activityId !== 'string') return undefined;
  const row = await trx
    .selectFrom('wfm.activities')
    .select('technicianIds')
    .where('tenantId', '=', tenant)
    .where('id', '=', activityId)
    .executeTakeFirst();
  return row ? ((row.technicianIds ?? []) as string[]).map((id) => id.toLowerCase()) : undefined;
}

async function assignedToActor(ctx: HookContext, activityId: unknown): Promise<boolean> {
  const { actor } = ctx;
  if (!isLimited(actor)) return true;
  if (!actor.userId || typeof activityId !== 'string') return false;
  const row = await ctx.trx
    .selectFrom((eb) => reachableActivities(eb, actor).as('reachable'))
    .select('id')
    .where('id', '=', activityId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The report's activity is one the author may report on (a technician: one assigned to them), and
 * every time entry is of a technician of that activity.
 */
async function checkReport(ctx: HookContext, report: Row, activityChanged: boolean): Promise<void> {
  const issues: FieldIssue[] = [];
  if (activityChanged && !(await assignedToActor(ctx, report.activityId)))
    issues.push(issue('activityId', 'validation.sales.activityNotAssigned'));
  const technicians = await activityTechnicians(ctx.trx, ctx.actor.tenant, report.activityId);
  if (technicians && Array.isArray(report.timeEntries))
    report.timeEntries.forEach((entry: Row, i) => {
      if (typeof entry.technicianId === 'string' && !technicians.includes(entry.technicianId.toLowerCase()))
        issues.push(issue(`timeEntries.${i}.technicianId`, 'validation.sales.technicianNotOnActivity'));
    });
  if (issues.length > 0) throw ctx.invalid(issues);
}

const hooks = defineHooks(workReports, {
  scope,
  async beforeCreate(ctx, values) {
    await checkReport(ctx, values, true);
    const { fullNumber } = await nextNumber(ctx.trx, ctx.actor.tenant, 'workReport', String(values.date), {
      lang: ctx.lang,
    });
    return { ...values, number: fullNumber };
  },
  async beforeUpdate(ctx, changes, stored) {
    if ('activityId' in changes || 'timeEntries' in changes)
      await checkReport(
        ctx,
        { ...stored, ...changes },
        'activityId' in changes && changes.activityId !== stored.activityId,
      );
  },
});

export const workReportHooks: Record<string, ResourceHooks> = { [workReports.name]: hooks };
