import { translate, type Lang } from '../../../http/lang';
import { HttpProblem } from '../../../http/errors';
import type { HookContext, Row } from '../../../records';
import { planningConflicts, type PlanningConflict } from './checks';

/** What the planning checks judge: a change of any of these re-checks the plan (docs/domain.md#planning-checks). */
const PLANNING_FIELDS = ['technicianIds', 'scheduledStart', 'scheduledEnd', 'requiredSkillIds', 'type', 'machineIds'];

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Same value as far as planning goes: instants by the time they name, lists as sets. */
function same(name: string, a: unknown, b: unknown): boolean {
  if (name === 'scheduledStart' || name === 'scheduledEnd')
    return filled(a) && filled(b) ? Date.parse(a) === Date.parse(b) : !filled(a) && !filled(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    const [x, y] = [new Set(ids(a)), new Set(ids(b))];
    return x.size === y.size && [...x].every((id) => y.has(id));
  }
  return (a ?? null) === (b ?? null);
}

/**
 * The 409 of conflicting planning: `errors` are the conflicts themselves (path, key, params, message and
 * the conflict's kind, technician and ids), `detail` names them all in the request's language.
 */
export function planningProblem(lang: Lang, conflicts: PlanningConflict[]): HttpProblem {
  const messages = conflicts.map((c) => c.message);
  if (conflicts.every((c) => !c.hard)) messages.push(translate(lang, 'validation.wfm.planning.reasonNeeded'));
  return new HttpProblem(409, messages.join('; '), conflicts);
}

/**
 * The planning checks of an activity's create or update (docs/domain.md#planning-checks): when the resulting
 * activity is assigned, has a slot and technicians, and the create happens or a planning field changes, any
 * hard conflict refuses it; a soft one (outside working hours) refuses it too unless the request's own body
 * gives an `overrideReason`, which is then recorded as one `planningOverrides` line per technician concerned.
 * `record` is the activity as it will be, `stored` the one before an update, `body` what the request sent.
 * Returns the values to write with the change (the override lines), if any.
 */
export async function enforcePlanningChecks(
  ctx: HookContext,
  record: Row,
  body: Row,
  stored?: Row,
): Promise<Row | undefined> {
  const team = ids(record.technicianIds);
  if ((record.status ?? 'assigned') !== 'assigned') return undefined;
  if (!filled(record.scheduledStart) || !filled(record.scheduledEnd) || team.length === 0) return undefined;
  if (stored && PLANNING_FIELDS.every((name) => same(name, record[name], stored[name]))) return undefined;
  const conflicts = await planningConflicts(
    ctx.trx,
    ctx.actor.tenant,
    {
      activityId: stored ? String(stored.id) : null,
      technicianIds: team,
      scheduledStart: record.scheduledStart,
      scheduledEnd: record.scheduledEnd,
      requiredSkillIds: ids(record.requiredSkillIds),
      type: typeof record.type === 'string' ? record.type : undefined,
      machineIds: ids(record.machineIds),
    },
    ctx.lang,
  );
  if (conflicts.length === 0) return undefined;
  const reason = body.overrideReason;
  if (conflicts.some((c) => c.hard) || !filled(reason)) throw planningProblem(ctx.lang, conflicts);
  const at = new Date().toISOString();
  const lines = conflicts.map((c) => ({
    kind: c.kind,
    technicianId: c.technicianId,
    scheduledStart: record.scheduledStart,
    scheduledEnd: record.scheduledEnd,
    reason: reason.trim(),
    by: ctx.actor.username,
    at,
  }));
  const before = Array.isArray(stored?.planningOverrides) ? (stored.planningOverrides as Row[]) : [];
  return { planningOverrides: [...before, ...lines] };
}
