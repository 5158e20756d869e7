import { sql } from 'kysely';
import { HttpProblem } from '../../../http/errors';
import { translate, type Lang } from '../../../http/lang';
import { dynamic, type Db } from '../../../db/tables';
import type { Mail } from '../../../mail/mailer';
import { notify } from '../../notifications/notify';
import {
  ACTIVITIES,
  changesOf,
  isPending,
  PLANNING_COLUMNS,
  technicianInfo,
  type PlannedActivity,
  type TechnicianChange,
} from './pending';
import { PUBLICATION_LANG, formatDays, publicationMails, romeDay, type TechnicianSending } from './publication-mail';

export interface PublishResult {
  published: number;
  technicians: { technicianId: string; changes: number }[];
}

/** The answer, and the e-mails to send once the transaction has committed. */
export interface Publication {
  result: PublishResult;
  mails: Mail[];
}

/** The days a change concerns: where the job is now and, when it moved or went away, where it was. */
function daysOf(a: PlannedActivity, change: TechnicianChange['change']): string[] {
  const now = change === 'removed' || change === 'cancelled' ? [] : [a.scheduledStart];
  const before = change === 'new' || change === 'changed' ? [] : [a.publishedStart];
  return [...now, ...before].flatMap((instant) => (instant ? [romeDay(instant)] : []));
}

/**
 * Sends the given activities to their technicians (docs/domain.md#planner), in the caller's transaction
 * scoped to `tenant`. The activities are locked first, so two sendings of the same ids queue up and the second
 * finds nothing pending: each change is told once. Ids the tenant does not have are a 404 and nothing is sent;
 * ids not pending (already sent, never planned) are ignored. Every affected technician (on the team now, or
 * taken off it) with a user gets one in-app notification; the e-mails are returned for the caller to send after
 * commit, so a rolled-back sending mails no one.
 */
export async function publishActivities(
  trx: Db,
  tenant: string,
  actor: { username: string },
  activityIds: readonly string[],
  lang: Lang,
): Promise<Publication> {
  const ids = [...new Set(activityIds)];
  const locked = (await dynamic(trx)
    .selectFrom(ACTIVITIES)
    .select([...PLANNING_COLUMNS])
    .where('tenantId', '=', tenant)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute()) as PlannedActivity[];
  const missing = ids.filter((id) => !locked.some((row) => row.id === id));
  if (missing.length > 0) {
    const params = { ids: missing.join(', ') };
    const message = translate(lang, 'validation.wfm.unknownActivities', params);
    throw new HttpProblem(404, message, [
      { path: 'activityIds', key: 'validation.wfm.unknownActivities', params, message },
    ]);
  }
  const pending = locked.filter(isPending);
  if (pending.length === 0) return { result: { published: 0, technicians: [] }, mails: [] };

  await dynamic(trx)
    .updateTable(ACTIVITIES)
    .set({
      planState: 'published',
      publishedAt: sql`now()`,
      publishedBy: actor.username,
      publicationWarning: false,
      // The snapshot of what the technicians are sent: the next change is compared against it.
      publishedTechnicianIds: sql.ref('technicianIds'),
      publishedStart: sql.ref('scheduledStart'),
      publishedEnd: sql.ref('scheduledEnd'),
      updatedAt: sql`now()`,
      updatedBy: actor.username,
      // A new version: a form opened before the sending cannot save over it unnoticed.
      version: sql`version + 1`,
    })
    .where('tenantId', '=', tenant)
    .where(
      'id',
      'in',
      pending.map((a) => a.id),
    )
    .execute();

  const affected = new Map<string, TechnicianSending>();
  for (const activity of pending)
    for (const { technicianId, change } of changesOf(activity)) {
      const entry = affected.get(technicianId) ?? { technicianId, changes: [], days: new Set<string>() };
      entry.changes.push({ activity, change });
      for (const day of daysOf(activity, change)) entry.days.add(day);
      affected.set(technicianId, entry);
    }
  const people = await technicianInfo(trx, tenant, [...affected.keys()]);
  for (const entry of affected.values()) {
    const userId = people.get(entry.technicianId)?.userId;
    if (!userId) continue;
    const params = { count: entry.changes.length, days: formatDays(entry.days) };
    await notify(trx, {
      tenant,
      userId,
      title: translate(PUBLICATION_LANG, 'publication.notificationTitle'),
      text: translate(
        PUBLICATION_LANG,
        entry.changes.length === 1 ? 'publication.notificationTextOne' : 'publication.notificationText',
        params,
      ),
      link: '#/wfm/activities/assigned',
    });
  }
  const mails = await publicationMails(trx, tenant, [...affected.values()], people);
  return {
    result: {
      published: pending.length,
      technicians: [...affected.values()].map((s) => ({ technicianId: s.technicianId, changes: s.changes.length })),
    },
    mails,
  };
}
