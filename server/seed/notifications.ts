import { translate } from '../http/lang';
import { notify } from '../services/notifications/index';
import type { Db } from '../db/tables';

/**
 * One welcome notification per user of a demo tenant, in Italian (the interface's first language),
 * pointing at the profile: a fresh demo shows an unread badge, and the notifications page has
 * something to list and mark as read. Runs inside the seed's transaction, as the tenant.
 */

export async function seedWelcomeNotifications(trx: Db, tenant: string): Promise<void> {
  const users = (await trx
    .selectFrom('oauth2.users')
    .select('id')
    .where('tenantId', '=', tenant)
    .orderBy('username')
    .execute()) as { id: string }[];
  for (const user of users) {
    await notify(trx, {
      tenant,
      userId: user.id,
      title: translate('it', 'pages.notifications.welcomeTitle'),
      text: translate('it', 'pages.notifications.welcomeText'),
      link: '#/profile',
    });
  }
}
