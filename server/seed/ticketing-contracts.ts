import { sql } from 'kysely';
import { addDays } from '../../resources/ticketing/recurrence';
import { type Records, runAction } from '../records';
import { ticketingHooks } from '../services/ticketing/hooks';
import { REMINDER_MESSAGES } from './ticketing-data';
import { machinesAt, type Random, type World } from './ticketing-world';

export interface SeededContract {
  id: string;
  customerId: string;
  siteIds: string[];
  startDate: string;
  endDate: string;
  status: 'draft' | 'active' | 'expired' | 'terminated';
}

/** `YYYY-MM-DD` plus whole months, kept within the month (31 January + 1 month = 28/29 February). */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Which parts of an intervention each type of contract includes. */
const COVERAGE: Record<string, [boolean, boolean, boolean, boolean, boolean]> = {
  fullService: [true, true, true, true, true],
  scheduledMaintenance: [true, false, true, false, true],
  onCall: [false, false, false, false, false],
  warrantyExtension: [true, true, true, false, false],
  rental: [true, true, true, true, false],
};

const CONTRACT_TYPES: [string, number][] = [
  ['scheduledMaintenance', 8],
  ['fullService', 4],
  ['onCall', 2],
  ['warrantyExtension', 1],
  ['rental', 1],
];
const BILLING_FREQUENCIES: [string, number][] = [
  ['annual', 4],
  ['semiannual', 3],
  ['quarterly', 3],
  ['monthly', 1],
  ['oneOff', 1],
];

/** The status each contract of the demo ends in: mostly active, a few of every other kind. */
function plannedStatus(i: number, count: number): SeededContract['status'] {
  const fromEnd = count - 1 - i;
  if (fromEnd < Math.round(count * 0.08)) return 'terminated';
  if (fromEnd < Math.round(count * 0.16)) return 'expired';
  if (fromEnd < Math.round(count * 0.28)) return 'draft';
  return 'active';
}

/** The term: active ones run today (a few expire within two months), drafts start soon, expired ones ended. */
function term(status: SeededContract['status'], i: number, today: string, random: Random) {
  if (status === 'draft') {
    const startDate = addDays(today, random.int(10, 60));
    return { startDate, endDate: addDays(addMonths(startDate, 12), -1) };
  }
  if (status === 'expired') {
    const endDate = addDays(today, -random.int(10, 120));
    return { startDate: addDays(addMonths(endDate, -12), 1), endDate };
  }
  if (i % 5 === 0) {
    const endDate = addDays(today, random.int(10, 55));
    return { startDate: addDays(addMonths(endDate, -12), 1), endDate };
  }
  const startDate = addDays(today, -random.int(30, 700));
  let months = random.pick([12, 24, 36]);
  while (addDays(addMonths(startDate, months), -1) <= addDays(today, 60)) months += 12;
  return { startDate, endDate: addDays(addMonths(startDate, months), -1) };
}

/** Reminders of an active contract: before expiry and the notice deadline, plus billing and visits due soon. */
function reminders(endDate: string, noticeDays: number | null, today: string, i: number, random: Random) {
  const line = (kind: string, remindAt: string, recipients: string | null = null) => ({
    kind,
    remindAt,
    recipients,
    message: REMINDER_MESSAGES[kind],
  });
  // A contract already inside its last two months has its expiry reminder due now: the job sends it.
  const lines = [line('expiry', max(addDays(endDate, -60), today), 'Ufficio contratti')];
  if (noticeDays !== null) lines.push(line('noticeDeadline', addDays(endDate, -noticeDays - 15)));
  if (i % 2 === 0) lines.push(line('billing', addDays(today, random.int(1, 40)), 'Amministrazione'));
  if (i % 3 === 0) lines.push(line('visitDue', addDays(today, random.int(1, 7))));
  if (i % 7 === 3) lines.push(line('custom', addDays(today, random.int(2, 20))));
  // Reminders long past were sent before the demo began; those just due are left to the daily job.
  return lines.filter((l) => l.remindAt >= addDays(today, -3));
}

const max = (a: string, b: string) => (a > b ? a : b);

/**
 * About 25 contracts over the customers that have sites (one each, customers taken in turn): created
 * as drafts through the API, then activated and, for a few, terminated through the lifecycle actions.
 * Expiry is the system's transition (no action): expired contracts get their status directly.
 */
export async function seedContracts(
  store: Records,
  world: World,
  random: Random,
  options: { actor: { tenant: string; username: string }; today: string; count: number },
): Promise<SeededContract[]> {
  const { actor, today, count } = options;
  const hooks = ticketingHooks[store.def.name];
  const byCustomer = new Map<string, string[]>();
  for (const site of world.sites)
    byCustomer.set(site.customerId, [...(byCustomer.get(site.customerId) ?? []), site.id]);
  const customers = [...byCustomer.keys()];
  const out: SeededContract[] = [];
  for (let i = 0; i < count; i++) {
    const customerId = customers[i % customers.length];
    const siteIds = random.some(byCustomer.get(customerId)!, random.int(1, 3));
    const status = plannedStatus(i, count);
    const { startDate, endDate } = term(status, i, today, random);
    const type = random.weighted(CONTRACT_TYPES);
    const billingFrequency = random.weighted(BILLING_FREQUENCIES);
    const autoRenew = random.next() < 0.6;
    const noticeDays = random.pick([30, 60, 90, null]);
    const [labour, materials, callOut, refrigerant, travel] = COVERAGE[type];
    const body = {
      customerId,
      siteIds,
      machineIds: random.some(machinesAt(world, siteIds), random.int(1, 6)),
      type,
      startDate,
      endDate,
      autoRenew,
      renewalMonths: autoRenew ? 12 : null,
      noticeDays,
      amount: `${random.int(16, 300) * 50}.00`,
      amountBasis: billingFrequency === 'oneOff' ? 'total' : 'perPeriod',
      billingFrequency,
      billingMode: random.next() < 0.7 ? 'prepaid' : 'postpaid',
      includedVisitsPerYear: random.pick([1, 2, 2, 4, 12]),
      coverageLabour: labour,
      coverageMaterials: materials,
      coverageCallOutFee: callOut,
      coverageRefrigerant: refrigerant,
      coverageTravel: travel,
      slaResponseHours: random.pick([4, 8, 24, 24, 48]),
      reminders: status === 'active' || status === 'draft' ? reminders(endDate, noticeDays, today, i, random) : [],
    };
    const contract = await store.insert(actor, body, 'it');
    const id = contract.id as string;
    if (status === 'active' || status === 'terminated')
      await runAction(store, hooks, actor, id, 'activate', { version: 1 }, 'it');
    if (status === 'terminated') {
      const terminatedAt = addDays(today, random.int(0, 30));
      const terminationReason = random.pick([
        'Cessazione dell’attività del punto vendita.',
        'Il cliente ha affidato la manutenzione a un’altra ditta.',
        'Sostituzione degli impianti: contratto non più necessario.',
      ]);
      await runAction(store, hooks, actor, id, 'terminate', { version: 2, terminatedAt, terminationReason }, 'it');
    }
    if (status === 'expired')
      await store.trx
        .updateTable('ticketing.contracts')
        .set({ status: 'expired', updatedBy: 'system', version: sql`version + 1` })
        .where('tenantId', '=', actor.tenant)
        .where('id', '=', id)
        .execute();
    out.push({ id, customerId, siteIds, startDate, endDate, status });
  }
  return out;
}
