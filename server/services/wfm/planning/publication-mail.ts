import { sql } from 'kysely';
import sites from '../../../../resources/sales/sites';
import { formatDate } from '../../../documents/pdf/format';
import { tableRef } from '../../../db/derive';
import { dynamic, type Db } from '../../../db/tables';
import { translate, type Lang } from '../../../http/lang';
import type { Mail, Mailer } from '../../../mail/mailer';
import { addressLine } from '../../sales/work-report-data';
import type { ChangeKind } from '../../../../resources/wfm/planning';
import { ACTIVITIES, customerNames, type PlannedActivity, type TechnicianInfo } from './pending';

/**
 * Notifications and these e-mails are written once, as stored text: in the language of the interface
 * (docs/spa.md#languages: Italian first), as the contract reminders are.
 */
export const PUBLICATION_LANG: Lang = 'it';

const ROME = 'Europe/Rome';
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: ROME, year: 'numeric', month: '2-digit', day: '2-digit' });
const TIME = new Intl.DateTimeFormat('it-IT', { timeZone: ROME, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The Italian calendar day of an instant: "2026-03-02". */
export const romeDay = (instant: string): string => DAY.format(new Date(instant));
/** The Italian wall-clock time of an instant: "09:00". */
const romeTime = (instant: string | null): string => (instant ? TIME.format(new Date(instant)) : '');

/** "02/03/2026, 03/03/2026", in calendar order. */
export function formatDays(days: Iterable<string>): string {
  return [...days]
    .sort()
    .map((day) => formatDate(day))
    .join(', ');
}

/** One technician's share of a sending. */
export interface TechnicianSending {
  technicianId: string;
  changes: { activity: PlannedActivity; change: ChangeKind }[];
  days: Set<string>;
}

interface AgendaRow {
  id: string;
  number: string | null;
  customerId: string;
  siteId: string;
  technicianIds: string[];
  scheduledStart: string;
  scheduledEnd: string | null;
}

/** Their published, not cancelled jobs starting on those days (the sending already written), by start. */
async function agendaOf(trx: Db, tenant: string, technicianIds: string[], days: string[]): Promise<AgendaRow[]> {
  if (technicianIds.length === 0 || days.length === 0) return [];
  const sorted = [...days].sort();
  // A day either side in UTC covers every Rome day; the exact day is taken in Rome below.
  const from = new Date(Date.parse(`${sorted[0]}T00:00:00Z`) - 86_400_000).toISOString();
  const to = new Date(Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`) + 2 * 86_400_000).toISOString();
  const rows = (await dynamic(trx)
    .selectFrom(ACTIVITIES)
    .select(['id', 'number', 'customerId', 'siteId', 'technicianIds', 'scheduledStart', 'scheduledEnd'])
    .where('tenantId', '=', tenant)
    .where('planState', '=', 'published')
    .where('status', '!=', 'cancelled')
    .where('scheduledStart', '>=', from)
    .where('scheduledStart', '<', to)
    .where((eb) => eb.or(technicianIds.map((id) => sql<boolean>`${id}::uuid = any(${sql.ref('technicianIds')})`)))
    .orderBy('scheduledStart')
    .orderBy('number')
    .execute()) as AgendaRow[];
  return rows.filter((row) => days.includes(romeDay(row.scheduledStart)));
}

/** Addresses of the technicians without one of their own: their user's. */
async function userEmails(trx: Db, tenant: string, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('oauth2.users')
    .select(['id', 'email'])
    .where('tenantId', '=', tenant)
    .where('id', 'in', userIds)
    .execute();
  return new Map(rows.flatMap((row) => (row.email ? [[String(row.id), String(row.email)]] : [])));
}

async function siteAddresses(trx: Db, tenant: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = (await dynamic(trx)
    .selectFrom(tableRef(sites))
    .select(['id', 'address'])
    .where('tenantId', '=', tenant)
    .where('id', 'in', [...new Set(ids)])
    .execute()) as { id: string; address: Record<string, unknown> | null }[];
  return new Map(rows.map((row) => [row.id, addressLine(row.address)]));
}

const t = (key: string, params: Record<string, string | number> = {}) =>
  translate(PUBLICATION_LANG, `publication.${key}`, params);

/** When a change happens: the new slot, or the one they were sent for a job taken away. */
function whenOf(activity: PlannedActivity, change: ChangeKind): string {
  const start = change === 'removed' || change === 'cancelled' ? activity.publishedStart : activity.scheduledStart;
  return start ? `${formatDate(romeDay(start))} ${romeTime(start)}` : '';
}

/**
 * One e-mail per affected technician with an address (their own, else their user's): what changed, then
 * every job of theirs on each affected day (time, number, customer, site address), as it stands now.
 */
export async function publicationMails(
  trx: Db,
  tenant: string,
  sendings: TechnicianSending[],
  people: Map<string, TechnicianInfo>,
): Promise<Mail[]> {
  const users = await userEmails(
    trx,
    tenant,
    sendings.flatMap((s) => {
      const person = people.get(s.technicianId);
      return person && !person.email && person.userId ? [person.userId] : [];
    }),
  );
  const addressOf = (s: TechnicianSending) => {
    const person = people.get(s.technicianId);
    return person?.email || (person?.userId ? users.get(person.userId) : undefined);
  };
  const reached = sendings.filter(addressOf);
  const allDays = [...new Set(reached.flatMap((s) => [...s.days]))];
  const agenda = await agendaOf(
    trx,
    tenant,
    reached.map((s) => s.technicianId),
    allDays,
  );
  const customers = await customerNames(
    trx,
    tenant,
    agenda.map((row) => row.customerId),
  );
  const addresses = await siteAddresses(
    trx,
    tenant,
    agenda.map((row) => row.siteId),
  );
  return reached.map((s) => {
    const changes = s.changes.map(({ activity, change }) =>
      t('mailChange', {
        change: t(`changes.${change}`),
        number: activity.number ?? '',
        title: activity.title,
        when: whenOf(activity, change),
      }),
    );
    const days = [...s.days].sort().map((day) => {
      const jobs = agenda.filter(
        (row) => row.technicianIds.includes(s.technicianId) && romeDay(row.scheduledStart) === day,
      );
      const lines = jobs.map((row) =>
        t('mailJob', {
          start: romeTime(row.scheduledStart),
          end: romeTime(row.scheduledEnd),
          number: row.number ?? '',
          customer: customers.get(row.customerId) ?? '',
          address: addresses.get(row.siteId) ?? '',
        }),
      );
      return [formatDate(day), ...(lines.length > 0 ? lines : [t('mailNoJobs')])].join('\n');
    });
    return {
      to: addressOf(s)!,
      subject: t('mailSubject', { days: formatDays(s.days) }),
      text: t('mailText', {
        name: people.get(s.technicianId)?.name ?? '',
        changes: changes.join('\n'),
        agenda: days.join('\n\n'),
      }),
    };
  });
}

/**
 * After commit: the sending stands whether or not a mail server answers (the in-app notification is already
 * there), so a refused mail is logged, not an error. SMTP may be slow: then the mails go in the background.
 */
export async function sendPublicationMails(
  mailer: Mailer,
  mails: Mail[],
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const sendAll = async () => {
    for (const mail of mails)
      await mailer
        .send(mail)
        .catch((error: unknown) => log.warn({ err: error, to: mail.to }, 'planning mail not sent'));
  };
  if (mailer.slow) void sendAll();
  else await sendAll();
}
