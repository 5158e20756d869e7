import quotes from '../../../../resources/sales/quotes';
import { todayInItaly } from '../../../../resources/schema/presets';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import { withTenant } from '../../../db/tenancy';
import { HttpProblem } from '../../../http/errors';
import type { JobDefinition } from '../../../jobs/runner';
import { Records } from '../../../records';

const QUOTES = tableRef(quotes);

/**
 * Moves the tenant's sent quotes whose `validUntil` is before `now`'s day in Italy to expired, stamping
 * `expiredAt` (docs/domain.md#quotes-and-proformas). Each quote in a transaction of its own, at the
 * version it was read: one a user changed meanwhile is left to the next run. Returns how many expired;
 * a second run finds none of them sent any more.
 */
export async function expireQuotes(db: Db, tenant: string, now: Date): Promise<number> {
  const today = todayInItaly(now);
  const due = await withTenant(db, tenant, (trx) =>
    trx
      .selectFrom(QUOTES)
      .select(['id', 'version'])
      .where('tenantId', '=', tenant)
      .where('status', '=', 'sent')
      .where('validUntil', '<', today)
      .orderBy('id')
      .execute(),
  );
  let expired = 0;
  for (const { id, version } of due) {
    try {
      await withTenant(db, tenant, async (trx) => {
        const records = new Records(trx, quotes);
        const stored = await records.get(tenant, String(id));
        if (stored.status !== 'sent' || stored.version !== version) return;
        const changes = { status: 'expired', expiredAt: now.toISOString() };
        await records.write({ tenant, username: 'system' }, stored, Number(version), changes, 'it');
        expired += 1;
      });
    } catch (error) {
      if (!(error instanceof HttpProblem) || error.status >= 500) throw error;
    }
  }
  return expired;
}

/** The daily `quote-expiry` job: every tenant's sent quotes past their validity. */
export const quoteExpiryJob: JobDefinition = {
  name: 'quote-expiry',
  schedule: { dailyAt: '00:15', timeZone: 'Europe/Rome' },
  async run({ db, log, now }) {
    const tenants = await db.selectFrom('oauth2.tenants').select('id').orderBy('id').execute();
    for (const { id } of tenants) {
      const expired = await expireQuotes(db, id, now);
      if (expired > 0) log.info({ tenant: id, expired }, 'quote-expiry: quotes expired');
    }
  },
};
