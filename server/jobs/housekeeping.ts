import { withTenant } from '../db/tenancy';
import { purgeIdempotencyKeys } from '../records';
import type { JobDefinition } from './runner';

const DAY_MS = 24 * 3600 * 1000;
/** Read notifications are kept this long, then deleted; unread ones are kept until read. */
export const READ_NOTIFICATIONS_KEPT_DAYS = 90;
/**
 * Spent refresh tokens and revoked sessions are kept a day: presenting a copied token within it
 * still revokes its session; later it is merely unknown (and refused all the same).
 */
export const SPENT_REFRESH_TOKENS_KEPT_DAYS = 1;

/** Deletes what nobody needs any more, so the tables stay small. Tenant data is deleted as each tenant. */
export const housekeeping: JobDefinition = {
  name: 'housekeeping',
  schedule: { every: 3600 },
  async run({ db, log, now }) {
    const spentBefore = new Date(now.getTime() - SPENT_REFRESH_TOKENS_KEPT_DAYS * DAY_MS).toISOString();
    const readBefore = new Date(now.getTime() - READ_NOTIFICATIONS_KEPT_DAYS * DAY_MS).toISOString();
    const tenants = await db.selectFrom('oauth2.tenants').select('id').orderBy('id').execute();
    const deleted = { refreshTokens: 0, sessions: 0, notifications: 0, idempotencyKeys: 0 };
    for (const { id: tenant } of tenants) {
      await withTenant(db, tenant, async (trx) => {
        const tokens = await trx
          .deleteFrom('oauth2.refreshTokens')
          .where('tenantId', '=', tenant)
          .where((eb) => eb.or([eb('expiresAt', '<', now.toISOString()), eb('usedAt', '<', spentBefore)]))
          .executeTakeFirst();
        // Revoked sessions, and sessions whose every token is gone: nothing can continue them.
        const sessions = await trx
          .deleteFrom('oauth2.refreshFamilies as f')
          .where('f.tenantId', '=', tenant)
          .where((eb) =>
            eb.or([
              eb('f.revokedAt', '<', spentBefore),
              eb.and([
                eb('f.createdAt', '<', spentBefore),
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('oauth2.refreshTokens as t')
                      .select('t.tokenHash')
                      .whereRef('t.tenantId', '=', 'f.tenantId')
                      .whereRef('t.family', '=', 'f.id'),
                  ),
                ),
              ]),
            ]),
          )
          .executeTakeFirst();
        const notifications = await trx
          .deleteFrom('notifications.notifications')
          .where('tenantId', '=', tenant)
          .where('readAt', '<', readBefore)
          .executeTakeFirst();
        deleted.refreshTokens += Number(tokens.numDeletedRows);
        deleted.sessions += Number(sessions.numDeletedRows);
        deleted.notifications += Number(notifications.numDeletedRows);
        // Expired create keys (docs/wire-contract.md#idempotent-creates): the same key is then a new one.
        deleted.idempotencyKeys += await purgeIdempotencyKeys(trx, tenant, now);
      });
    }
    log.info(deleted, 'housekeeping: old rows deleted');
  },
};
