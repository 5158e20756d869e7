import periodicDef from '../../../resources/ticketing/periodic';
import requestsDef from '../../../resources/ticketing/requests';
import contractsDef from '../../../resources/ticketing/contracts';
import activitiesDef from '../../../resources/wfm/activities';
import {
  addDays,
  isComplete,
  occurrencesBetween,
  todayInItaly,
  type Recurrence,
} from '../../../resources/ticketing/recurrence';
import { tableRef } from '../../db/derive';
import type { Db } from '../../db/tables';
import { withTenant } from '../../db/tenancy';
import type { JobDefinition } from '../../jobs/runner';
import { Records, type Row } from '../../records';
import {
  activeTechnicians,
  clip,
  createGeneratedActivity,
  eachSource,
  GENERATED_LANG,
  machinesInService,
  systemActor,
  type GenerationOutcome,
} from '../wfm/planning/generated';
import { ticketingHooks } from './hooks';

const PLANS = tableRef(periodicDef);
const REQUESTS = tableRef(requestsDef);
const ACTIVITIES = tableRef(activitiesDef);

/** A request's type for the plan's activity template (requests know fewer kinds of work). */
const REQUEST_TYPE: Record<string, string> = {
  maintenance: 'maintenance',
  installation: 'installation',
  leakCheck: 'leakCheck',
  repair: 'breakdown',
};

/** The instant of a wall-clock time on a day in Italy (summer time included): request windows are Italian days. */
export function romeInstant(day: string, hours: number, minutes = 0): string {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d, hours, minutes);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(guess))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute);
  return new Date(guess - (wall - guess)).toISOString();
}

/** The key of a plan's generated activity for one date: docs/domain.md#generated-work. */
export const periodicKey = (planId: string, date: string) => `periodic:${planId}:${date}`;

/**
 * The dates a plan is due in its horizon (docs/domain.md#generated-work): from today, or from its start
 * when that is later, to today + horizonDays; end date and count as the recurrence applies them (the
 * count from the plan's start, whatever was generated before).
 */
export function dueDates(plan: Row, today: string): string[] {
  const rule = plan as Partial<Recurrence>;
  if (!isComplete(rule)) return [];
  const from = rule.startDate > today ? rule.startDate : today;
  return occurrencesBetween(rule, from, addDays(today, Number(plan.horizonDays ?? 30)));
}

/** Of a plan's due dates, those for which a request or an activity of the plan already exists. */
async function datesTaken(trx: Db, tenant: string, planId: string, dates: string[]): Promise<Set<string>> {
  const requests = await trx
    .selectFrom(REQUESTS)
    .select('occurrenceDate')
    .where('tenantId', '=', tenant)
    .where('periodicTicketId', '=', planId)
    .where('occurrenceDate', 'in', dates)
    .execute();
  const activities = await trx
    .selectFrom(ACTIVITIES)
    .select(['occurrenceDate', 'originKey'])
    .where('tenantId', '=', tenant)
    .where((eb) =>
      eb.or([
        eb(
          'originKey',
          'in',
          dates.map((date) => periodicKey(planId, date)),
        ),
        eb.and([eb('periodicTicketId', '=', planId), eb('occurrenceDate', 'in', dates)]),
      ]),
    )
    .execute();
  return new Set([...requests, ...activities].map((row) => String(row.occurrenceDate)));
}

/** The plan's contract, when a request may still name it (active, the customer's, covering the site). */
async function usableContract(trx: Db, tenant: string, plan: Row): Promise<string | null> {
  if (!plan.contractId) return null;
  const contract = await trx
    .selectFrom(tableRef(contractsDef))
    .select(['status', 'customerId', 'siteIds'])
    .where('tenantId', '=', tenant)
    .where('id', '=', String(plan.contractId))
    .executeTakeFirst();
  const usable =
    contract?.status === 'active' &&
    contract.customerId === plan.customerId &&
    ((contract.siteIds ?? []) as string[]).includes(String(plan.siteId));
  return usable ? String(plan.contractId) : null;
}

/** One occurrence as a request (generateAs `ticket`), through the requests' hooks (number, checks). */
async function createRequest(trx: Db, tenant: string, plan: Row, date: string, machineIds: string[]): Promise<void> {
  const early = Number(plan.bufferEarlyDays ?? 0);
  const late = Number(plan.bufferLateDays ?? 0);
  await new Records(trx, requestsDef, ticketingHooks[requestsDef.name]).insert(
    systemActor(tenant),
    {
      channel: 'periodic',
      customerId: plan.customerId,
      siteId: plan.siteId,
      machineIds,
      reporterName: clip(plan.name, 80),
      subject: plan.templateTitle,
      description: plan.templateInstructions ?? null,
      type: REQUEST_TYPE[String(plan.templateType)] ?? 'other',
      priority: 'normal',
      // The day of the occurrence, widened by the plan's buffers: from the first day's start to the last one's end.
      requestedEarliest: romeInstant(addDays(date, -early), 0),
      requestedLatest: romeInstant(addDays(date, late), 23, 59),
      contractId: await usableContract(trx, tenant, plan),
      periodicTicketId: plan.id,
      occurrenceDate: date,
    },
    GENERATED_LANG,
  );
}

/**
 * One plan's missing occurrences, in the caller's transaction. The plan's row is locked first and read
 * again under the lock, so a second run (another process, a double click) waits and then finds what the
 * first made; the requests' unique (plan, date) and the activities' unique origin key are the backstop.
 */
export async function generateForPlan(trx: Db, tenant: string, planId: string, now: Date): Promise<number> {
  const plan = (await trx
    .selectFrom(PLANS)
    .selectAll()
    .where('tenantId', '=', tenant)
    .where('id', '=', planId)
    .forUpdate()
    .executeTakeFirst()) as Row | undefined;
  if (!plan || plan.status !== 'active') return 0;
  const dates = dueDates(plan, todayInItaly(now));
  if (dates.length === 0) return 0;
  const taken = await datesTaken(trx, tenant, planId, dates);
  const missing = dates.filter((date) => !taken.has(date));
  if (missing.length === 0) return 0;
  const siteId = String(plan.siteId);
  const machineIds = await machinesInService(trx, tenant, siteId, plan.machineIds as string[] | null);
  const technicianIds = await activeTechnicians(trx, tenant, plan.defaultTechnicianIds as string[] | null);
  for (const date of missing) {
    if (plan.generateAs === 'activity')
      await createGeneratedActivity(
        trx,
        tenant,
        {
          customerId: plan.customerId,
          siteId,
          machineIds,
          periodicTicketId: plan.id,
          contractId: plan.contractId ?? null,
          type: plan.templateType,
          title: plan.templateTitle,
          instructions: plan.templateInstructions ?? null,
          estimatedMinutes: plan.estimatedMinutes ?? null,
          requiredSkillIds: plan.requiredSkillIds ?? [],
          technicianIds,
          billingMode: plan.contractId ? 'contract' : 'chargeable',
        },
        { origin: 'periodic', originKey: periodicKey(planId, date), occurrenceDate: date },
      );
    else await createRequest(trx, tenant, plan, date, machineIds);
  }
  await trx
    .updateTable(PLANS)
    .set({ lastGeneratedAt: now.toISOString() })
    .where('tenantId', '=', tenant)
    .where('id', '=', planId)
    .execute();
  return missing.length;
}

/**
 * Every active plan of a tenant generates its requests or activities up to its horizon
 * (docs/domain.md#generated-work), each plan in a transaction of its own. Idempotent: a second run,
 * also a concurrent one, creates nothing more.
 */
export async function generatePeriodicWork(db: Db, tenant: string, now: Date): Promise<GenerationOutcome> {
  const plans = await withTenant(db, tenant, (trx) =>
    trx
      .selectFrom(PLANS)
      .select('id')
      .where('tenantId', '=', tenant)
      .where('status', '=', 'active')
      .orderBy('id')
      .execute(),
  );
  return eachSource(
    plans.map((plan) => String(plan.id)),
    'periodic',
    (id) => withTenant(db, tenant, (trx) => generateForPlan(trx, tenant, id, now)),
  );
}

/**
 * The same in the caller's transaction (already the tenant's), for the demo seed, which writes everything in
 * one: there a refused item fails the whole seed, as any invalid demo data does.
 */
export async function generatePeriodicWorkIn(trx: Db, tenant: string, now: Date): Promise<number> {
  const plans = await trx
    .selectFrom(PLANS)
    .select('id')
    .where('tenantId', '=', tenant)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  let created = 0;
  for (const plan of plans) created += await generateForPlan(trx, tenant, String(plan.id), now);
  return created;
}

/** The daily run over every tenant, before the office opens. */
export const periodicWorkJob: JobDefinition = {
  name: 'periodic-work',
  schedule: { dailyAt: '05:30', timeZone: 'Europe/Rome' },
  async run({ db, log, now }) {
    const tenants = await db.selectFrom('oauth2.tenants').select('id').orderBy('id').execute();
    for (const { id } of tenants) {
      const outcome = await generatePeriodicWork(db as Db, id, now);
      if (outcome.skipped.length > 0)
        log.warn({ tenant: id, skipped: outcome.skipped }, 'periodic-work: plans skipped');
      log.info({ tenant: id, created: outcome.created }, 'periodic-work: occurrences generated');
    }
  },
};
