import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { NOTIFICATION_TYPES, type Notification } from './definition';
import { NOTIFICATION_COLUMNS } from './store';
import type { Db } from '../../db/tables';

/** The PostgreSQL channel every process listens on; payloads are {@link NotificationEvent}s. */
export const NOTIFICATIONS_CHANNEL = 'climatica_notifications';

/** What travels through NOTIFY: only ids, so no content leaves the row-level-secured table. */
export interface NotificationEvent {
  tenant: string;
  userId: string;
  id: string;
}

export const notificationEventSchema = z.object({ tenant: z.string().min(1), userId: z.uuid(), id: z.uuid() });

const contentSchema = z.object({
  title: z.string().trim().min(1).max(200),
  text: z.string().trim().min(1).max(2000),
  type: z.enum(NOTIFICATION_TYPES).default('normal'),
  // A hash route of the SPA; anything else (a full URL, javascript:) must not become a link.
  link: z
    .string()
    .max(500)
    .regex(/^#\/[^\s]*$/, 'must be a hash route such as #/address-book/contacts/<id>')
    .nullish()
    .transform((v) => v ?? null),
});

export type NotificationContent = z.input<typeof contentSchema>;

export interface NotifyInput extends NotificationContent {
  tenant: string;
  userId: string;
}

type AnyTrx = Db;

/**
 * Creates a notification for one user inside the caller's transaction, which must be scoped to
 * `tenant` (withTenant, or a hook's `ctx.trx`). The NOTIFY is transactional too: listeners hear of
 * it only if the change that caused it commits, and never of a rolled-back one.
 */
export async function notify(trx: AnyTrx, input: NotifyInput): Promise<Notification> {
  const content = contentSchema.parse(input);
  const row = (await trx
    .insertInto('notifications.notifications')
    .values({ tenantId: input.tenant, id: randomUUID(), userId: input.userId, ...content })
    .returning([...NOTIFICATION_COLUMNS])
    .executeTakeFirstOrThrow()) as Notification;
  const event: NotificationEvent = { tenant: input.tenant, userId: input.userId, id: row.id };
  await sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify(event)})`.execute(trx);
  return row;
}

/** Notifies every active user of `tenant` who has `role` (e.g. all administrators). */
export async function notifyRole(
  trx: AnyTrx,
  tenant: string,
  role: string,
  content: NotificationContent,
): Promise<Notification[]> {
  const users = (await trx
    .selectFrom('oauth2.users')
    .select('id')
    .where('tenantId', '=', tenant)
    .where('disabled', '=', false)
    .where(sql<boolean>`${role} = any(roles)`)
    .orderBy('username')
    .execute()) as { id: string }[];
  const created: Notification[] = [];
  for (const user of users) created.push(await notify(trx, { ...content, tenant, userId: user.id }));
  return created;
}
