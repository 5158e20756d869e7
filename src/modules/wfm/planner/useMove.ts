import { useCallback, useState } from 'react';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { checkSlot, type PlanningConflict, type PlannerActivity } from './api';

/** Where a job goes: its new team and slot. */
export interface Move {
  activity: PlannerActivity;
  technicianIds: string[];
  leadTechnicianId: string | null;
  start: Date;
  end: Date;
}

/** A soft conflict waiting for the planner's reason (the override dialog). */
export interface PendingOverride {
  move: Move;
  conflicts: PlanningConflict[];
}

/** The messages of a refused write: the problem's errors (already in the user's language), else its detail. */
export function refusalOf(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  const body = (error.body ?? {}) as { errors?: unknown; detail?: string };
  const leaves: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node === 'string') leaves.push(node);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(body.errors);
  return leaves.length > 0 ? [...new Set(leaves)].join(' · ') : (body.detail ?? error.message);
}

/**
 * Moving a job (docs/spa.md#the-planner): the dry-run check first; a hard conflict leaves the job where it was and
 * says why, a soft one asks for the reason; then the normal update with the version read, through the data
 * provider, so the service's own checks have the last word (its 409 is shown the same way). `saved` runs after a
 * successful save, to reload the window and the queue.
 */
export function useMove(saved: () => void) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const [override, setOverride] = useState<PendingOverride | null>(null);
  const [busy, setBusy] = useState(false);

  const refuse = useCallback(
    (reasons: string) => notify(translate('planner.refused', { reasons }), { type: 'error', autoHideDuration: 10000 }),
    [notify, translate],
  );

  const save = useCallback(
    async (move: Move, overrideReason?: string) => {
      const { activity } = move;
      setBusy(true);
      try {
        await dataProvider.update('wfm/activities', {
          id: activity.id,
          data: {
            ...activity,
            technicianIds: move.technicianIds,
            leadTechnicianId: move.leadTechnicianId,
            scheduledStart: move.start.toISOString(),
            scheduledEnd: move.end.toISOString(),
            ...(overrideReason ? { overrideReason } : {}),
          },
          previousData: activity,
        });
        notify('planner.saved', { type: 'success' });
      } catch (error) {
        const reasons = refusalOf(error);
        if (reasons) refuse(reasons);
        else notify('app.errors.system', { type: 'error' });
      } finally {
        setBusy(false);
        // Reload either way: a refused move goes back where it was, a stale version is read again.
        saved();
      }
    },
    [dataProvider, notify, refuse, saved],
  );

  const move = useCallback(
    async (next: Move) => {
      let conflicts: PlanningConflict[] = [];
      try {
        conflicts = await checkSlot({
          activityId: next.activity.id,
          technicianIds: next.technicianIds,
          scheduledStart: next.start.toISOString(),
          scheduledEnd: next.end.toISOString(),
        });
      } catch (error) {
        // Without the dry run (an older service) the update's own checks still decide.
        if (!(error instanceof HttpError && error.status === 404)) {
          refuse(refusalOf(error) ?? translate('app.errors.system'));
          saved();
          return;
        }
      }
      const hard = conflicts.filter((c) => c.hard);
      if (hard.length > 0) {
        refuse(hard.map((c) => c.message).join(' · '));
        saved();
        return;
      }
      if (conflicts.length > 0) {
        setOverride({ move: next, conflicts });
        return;
      }
      await save(next);
    },
    [refuse, save, saved, translate],
  );

  const confirmOverride = useCallback(
    async (reason: string) => {
      const pending = override;
      setOverride(null);
      if (pending) await save(pending.move, reason);
    },
    [override, save],
  );

  const cancelOverride = useCallback(() => {
    setOverride(null);
    saved();
  }, [saved]);

  return { move, override, confirmOverride, cancelOverride, busy };
}
