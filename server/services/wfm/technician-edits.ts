import type { HookContext, Issue, Row } from '../../records';

/** What a technician records on their own job (docs/domain.md#technician-edits); the rest is the office's. */
export const TECHNICIAN_FIELDS: readonly string[] = [
  'materials',
  'fgasMaterials',
  'checklist',
  'attachments',
  'notes',
  'resolution',
];

/** A technician who is not also an administrator: the seed and jobs (no roles) are not. */
export function actsAsTechnician(ctx: HookContext): boolean {
  const roles = ctx.actor.roles ?? [];
  return roles.includes('ROLE_TECHNICIAN') && !roles.includes('ROLE_ADMIN');
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The technician ticks the office's checklist: same lines in the same order, only `done` may change. */
function onlyTicks(changed: unknown, stored: unknown): boolean {
  const before = (Array.isArray(stored) ? stored : []) as Row[];
  const after = (Array.isArray(changed) ? changed : []) as Row[];
  if (before.length !== after.length) return false;
  return after.every((line, i) => {
    const was = before[i];
    return (
      (line.id === undefined || line.id === was.id) &&
      same(line.description, was.description) &&
      same(line.required ?? false, was.required ?? false)
    );
  });
}

/**
 * A technician's update of an activity they reach (the scope already admitted it): only while it is
 * assigned (409), and only the fields they record on the job (403 naming the others). A field sent
 * with its stored value is not a change: a form may send back what it read.
 */
export function checkTechnicianEdit(ctx: HookContext, changes: Row, stored: Row): void {
  if (!actsAsTechnician(ctx)) return;
  if (stored.status !== 'assigned')
    throw ctx.conflict(
      ctx.issue('status', 'validation.wfm.notAssigned'),
      `The activity is ${String(stored.status)}: only an assigned activity takes the technician's changes.`,
    );
  const offending: Issue[] = [];
  for (const [name, value] of Object.entries(changes)) {
    if (same(value, stored[name])) continue;
    if (!TECHNICIAN_FIELDS.includes(name)) offending.push(ctx.issue(name, 'validation.wfm.technicianMayNotEdit'));
    else if (name === 'checklist' && !onlyTicks(value, stored.checklist))
      offending.push(ctx.issue(name, 'validation.wfm.checklistTicksOnly'));
  }
  if (offending.length > 0) throw ctx.forbidden(offending);
}
