import type { QueueItem } from '../../../../resources/wfm/planning';
import activities from '../../../../resources/wfm/activities';
import customers from '../../../../resources/sales/customers';
import sites from '../../../../resources/sales/sites';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import { ACTIVITY_COLUMNS, iso, priorityRank, toPlannerActivities } from './window';

/** The planner's queue (docs/wire-contract.md#planning): assigned work waiting for a slot. */

export const QUEUE_LIMIT = 200;

export interface QueueFilters {
  /** The site's zone, regardless of case. */
  zone?: string;
  /** One of the required skills. */
  skillId?: string;
  /** Part of the number, the title or the customer's name. */
  q?: string;
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Unscheduled activities in status `assigned`, the most due first: by occurrence date (none last), then
 * priority, then number; at most QUEUE_LIMIT, `total` counting them all.
 */
export async function planningQueue(trx: Db, tenant: string, filters: QueueFilters) {
  let query = trx
    .selectFrom(tableRef(activities))
    .where('tenantId', '=', tenant)
    .where('status', '=', 'assigned')
    .where('scheduledStart', 'is', null);
  if (filters.zone)
    query = query.where((eb) =>
      eb(
        'siteId',
        'in',
        eb
          .selectFrom(`${tableRef(sites)} as zoned`)
          .select('zoned.id')
          .where('zoned.tenantId', '=', tenant)
          .where((z) => z(z.fn('lower', ['zoned.zone']), '=', filters.zone!.toLowerCase())),
      ),
    );
  if (filters.skillId) query = query.where((eb) => eb(eb.val(filters.skillId), '=', eb.fn.any('requiredSkillIds')));
  if (filters.q) {
    const pattern = like(filters.q);
    query = query.where((eb) =>
      eb.or([
        eb('title', 'ilike', pattern),
        eb('number', 'ilike', pattern),
        eb(
          'customerId',
          'in',
          eb
            .selectFrom(`${tableRef(customers)} as named`)
            .select('named.id')
            .where('named.tenantId', '=', tenant)
            .where((c) =>
              c.or([
                c('named.legalName', 'ilike', pattern),
                c('named.firstName', 'ilike', pattern),
                c('named.lastName', 'ilike', pattern),
              ]),
            ),
        ),
      ]),
    );
  }
  const [rows, counted] = await Promise.all([
    query
      .select([...ACTIVITY_COLUMNS, 'estimatedMinutes', 'occurrenceDate'])
      .orderBy('occurrenceDate', (ob) => ob.asc().nullsLast())
      .orderBy(priorityRank)
      .orderBy('number')
      .orderBy('id')
      .limit(QUEUE_LIMIT)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const shaped = await toPlannerActivities(trx, tenant, rows);
  const data = shaped.map((activity, i): QueueItem => ({
    ...activity,
    estimatedMinutes: rows[i].estimatedMinutes == null ? null : Number(rows[i].estimatedMinutes),
    occurrenceDate: dateOf(rows[i].occurrenceDate),
  }));
  return { data, total: Number(counted.total) };
}

/** A date column as YYYY-MM-DD, whether the driver gives a string or a Date. */
function dateOf(value: unknown): string | null {
  const text = iso(value);
  return text === null ? null : text.slice(0, 10);
}
