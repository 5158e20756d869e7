import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Tables, AllTables } from '../../db/tables';
import { conditionOf, type ListQuery } from '../../records';
import { notificationResource, type Notification } from './definition';

type Trx = Transaction<AllTables>;
type Eb = ExpressionBuilder<Tables, 'notifications.notifications'>;

/** Whose notifications: every query is scoped to one user of one tenant. */
export interface Owner {
  tenant: string;
  userId: string;
}

export const NOTIFICATION_COLUMNS = ['id', 'title', 'text', 'type', 'link', 'readAt', 'createdAt'] as const;

const TABLE = 'notifications.notifications';

function owned(eb: Eb, owner: Owner): Expression<SqlBool> {
  return eb.and([eb('tenantId', '=', owner.tenant), eb('userId', '=', owner.userId)]);
}

export async function listNotifications(
  trx: Trx,
  owner: Owner,
  query: ListQuery,
): Promise<{ data: Notification[]; total: number }> {
  const base = trx
    .selectFrom(TABLE)
    .where((eb) =>
      eb.and([owned(eb, owner), ...query.conditions.map((c) => conditionOf(eb, notificationResource, c))]),
    );
  const direction = query.sort.direction;
  const [data, count] = await Promise.all([
    base
      .select(NOTIFICATION_COLUMNS)
      .orderBy('createdAt', direction)
      // Notifications of one transaction share created_at: the id keeps pages stable.
      .orderBy('id', direction)
      .limit(query.pageSize)
      .offset(query.page * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { data, total: Number(count.total) };
}

export function getNotification(trx: Trx, owner: Owner, id: string): Promise<Notification | undefined> {
  return trx
    .selectFrom(TABLE)
    .select(NOTIFICATION_COLUMNS)
    .where((eb) => eb.and([owned(eb, owner), eb('id', '=', id)]))
    .executeTakeFirst();
}

export async function unreadCount(trx: Trx, owner: Owner): Promise<number> {
  const row = await trx
    .selectFrom(TABLE)
    .select((eb) => eb.fn.countAll().as('count'))
    .where((eb) => eb.and([owned(eb, owner), eb('readAt', 'is', null)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one notification read; one already read keeps the time it was first read. */
export async function markRead(trx: Trx, owner: Owner, id: string): Promise<Notification | undefined> {
  const updated = await trx
    .updateTable(TABLE)
    .set({ readAt: sql<string>`coalesce(read_at, now())` })
    .where((eb) => eb.and([owned(eb, owner), eb('id', '=', id)]))
    .returning(NOTIFICATION_COLUMNS)
    .executeTakeFirst();
  return updated;
}

export async function markAllRead(trx: Trx, owner: Owner): Promise<number> {
  const result = await trx
    .updateTable(TABLE)
    .set({ readAt: sql<string>`now()` })
    .where((eb) => eb.and([owned(eb, owner), eb('readAt', 'is', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A position in a user's notifications, ordered by (createdAt, id). */
export interface Cursor {
  createdAt: string;
  id: string;
}

export const REPLAY_LIMIT = 100;

/**
 * The notifications after `cursor`, oldest first: what a stream missed. Only the latest
 * REPLAY_LIMIT are sent; more than that is better read from the list than as a burst of toasts.
 */
export async function notificationsAfter(trx: Trx, owner: Owner, cursor: Cursor): Promise<Notification[]> {
  const rows = await trx
    .selectFrom(TABLE)
    .select(NOTIFICATION_COLUMNS)
    .where((eb) =>
      eb.and([
        owned(eb, owner),
        eb.or([
          eb('createdAt', '>', cursor.createdAt),
          eb.and([eb('createdAt', '=', cursor.createdAt), eb('id', '>', cursor.id)]),
        ]),
      ]),
    )
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(REPLAY_LIMIT)
    .execute();
  return rows.reverse();
}
