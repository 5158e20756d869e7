import { sql } from 'kysely';
import { findResource } from '../../../resources/index';
import { representRecord } from '../../../resources/schema';
import { todayInItaly } from '../../../resources/ticketing/recurrence';
import { tableRef } from '../../db/derive';
import { withTenant } from '../../db/tenancy';
import { translate, type Lang } from '../../http/lang';
import type { JobDefinition } from '../../jobs/runner';
import { notifyRole } from '../notifications/notify';
import { formatDate } from './dates';
import { dynamic, type Db } from '../../db/tables';

type Row = Record<string, unknown>;

/**
 * Notifications are stored as text, written once for every administrator: in the language of the
 * interface (docs/spa.md#languages: Italian first).
 */
const LANG: Lang = 'it';

interface ContractRow {
  id: string;
  number: string | null;
  customerId: string;
  endDate: string;
  noticeDeadline: string | null;
  reminders: Row[] | null;
}

const isDue = (line: Row, today: string) =>
  (line.sentAt === null || line.sentAt === undefined) && typeof line.remindAt === 'string' && line.remindAt <= today;

/** The customer's name as its definition represents it (legal name, or first and last name). */
async function customerName(trx: Db, tenant: string, id: string): Promise<string> {
  const def = findResource('sales/customers');
  if (!def) return '';
  const row = (await dynamic(trx)
    .selectFrom(tableRef(def))
    .select([...def.recordRepresentation])
    .where('tenantId', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst()) as Row | undefined;
  return row ? representRecord(def, row) : '';
}

function content(contract: ContractRow, line: Row, customer: string) {
  const kind = String(line.kind);
  const params = {
    number: contract.number ?? '',
    kind: translate(LANG, `resources.ticketing/contracts.lines.reminders.enums.kind.${kind}`),
    endDate: formatDate(LANG, contract.endDate),
    noticeDeadline: formatDate(LANG, contract.noticeDeadline),
    remindAt: formatDate(LANG, line.remindAt),
  };
  const message = typeof line.message === 'string' && line.message.trim() !== '' ? line.message.trim() : null;
  const text = message ?? translate(LANG, `ticketing.reminders.defaults.${kind}`, params);
  return {
    title: translate(LANG, 'ticketing.reminders.title', params),
    text: customer ? translate(LANG, 'ticketing.reminders.text', { customer, text }) : text,
    link: `#/ticketing/contracts/${contract.id}`,
  };
}

/**
 * Sends one tenant's due reminders: for each reminder line of an active contract whose day has come
 * (Italian calendar) and that was never sent, every active administrator gets an in-app notification,
 * and the line is stamped `sentAt`, in one transaction. The contracts are locked first, so a run that
 * overlaps another (or an edit of the contract) waits and then sees the stamps: each reminder is sent
 * once. Answers how many reminders were sent.
 */
export async function sendDueReminders(db: Db, tenant: string, now: Date): Promise<number> {
  const today = todayInItaly(now);
  return withTenant(db, tenant, async (trx) => {
    const contracts = (await trx
      .selectFrom('ticketing.contracts')
      .select(['id', 'number', 'customerId', 'endDate', 'noticeDeadline', 'reminders'])
      .where('tenantId', '=', tenant)
      .where('status', '=', 'active')
      .where(
        sql<boolean>`exists (select 1 from jsonb_array_elements(coalesce(reminders, '[]'::jsonb)) as r(line)
          where r.line->>'sentAt' is null and r.line->>'remindAt' <= ${today})`,
      )
      .orderBy('id')
      .forUpdate()
      .execute()) as ContractRow[];
    let sent = 0;
    for (const contract of contracts) {
      const customer = await customerName(trx, tenant, contract.customerId);
      const lines: Row[] = [];
      for (const line of contract.reminders ?? []) {
        if (!isDue(line, today)) {
          lines.push(line);
          continue;
        }
        await notifyRole(trx, tenant, 'ROLE_ADMIN', content(contract, line, customer));
        lines.push({ ...line, sentAt: now.toISOString() });
        sent++;
      }
      // A new version: a form opened before the stamps cannot save over them unnoticed.
      await trx
        .updateTable('ticketing.contracts')
        .set({
          reminders: sql`cast(${JSON.stringify(lines)}::text as jsonb)`,
          updatedAt: sql`now()`,
          updatedBy: 'system',
          version: sql`version + 1`,
        })
        .where('tenantId', '=', tenant)
        .where('id', '=', contract.id)
        .execute();
    }
    return sent;
  });
}

/** The daily run over every tenant (docs/domain.md#contracts-and-reminders: "a daily job sends due pending reminders"). */
export const contractReminders: JobDefinition = {
  name: 'contract-reminders',
  schedule: { dailyAt: '07:00', timeZone: 'Europe/Rome' },
  async run({ db, log, now }) {
    const tenants = await db.selectFrom('oauth2.tenants').select('id').orderBy('id').execute();
    const sent: Record<string, number> = {};
    for (const { id } of tenants) sent[id] = await sendDueReminders(db as Db, id, now);
    log.info({ sent }, 'contract-reminders: due reminders sent');
  },
};
