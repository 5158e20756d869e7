import contractsDef from '../../../../resources/ticketing/contracts';
import periodicDef from '../../../../resources/ticketing/periodic';
import activitiesDef from '../../../../resources/wfm/activities';
import machinesDef from '../../../../resources/wfm/machines';
import { addDays, todayInItaly } from '../../../../resources/ticketing/recurrence';
import { addMonths } from '../../../../resources/wfm/shared';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import { withTenant } from '../../../db/tenancy';
import { translate } from '../../../http/lang';
import type { JobDefinition } from '../../../jobs/runner';
import type { Row } from '../../../records';
import { formatDate } from '../../ticketing/dates';
import {
  clip,
  createGeneratedActivity,
  eachSource,
  GENERATED_LANG,
  machinesInService,
  takenOriginKeys,
  type GenerationOutcome,
} from './generated';
import { planningHorizonDays } from './horizon';

const MACHINES = tableRef(machinesDef);
const ACTIVITIES = tableRef(activitiesDef);
const CONTRACTS = tableRef(contractsDef);
const PLANS = tableRef(periodicDef);
const DAY_MS = 24 * 3600 * 1000;

/** Machines with an open (assigned) leak-check activity: that job already covers their check. */
async function machinesWithOpenLeakCheck(trx: Db, tenant: string): Promise<Set<string>> {
  const rows = await trx
    .selectFrom(ACTIVITIES)
    .select('machineIds')
    .where('tenantId', '=', tenant)
    .where('type', '=', 'leakCheck')
    .where('status', '=', 'assigned')
    .execute();
  return new Set(rows.flatMap((row) => (row.machineIds ?? []) as string[]));
}

/** One machine's proposal, under the machine's lock: read again, so a concurrent run finds the first one's job. */
async function proposeLeakCheck(trx: Db, tenant: string, machineId: string, today: string, until: string) {
  const machine = (await trx
    .selectFrom(MACHINES)
    .select(['id', 'code', 'name', 'siteId', 'customerId', 'status', 'nextLeakCheckDue'])
    .where('tenantId', '=', tenant)
    .where('id', '=', machineId)
    .forUpdate()
    .executeTakeFirst()) as Row | undefined;
  const due = machine?.nextLeakCheckDue as string | null | undefined;
  if (!machine || machine.status !== 'active' || !due || due > until || !machine.customerId) return 0;
  const open = await trx
    .selectFrom(ACTIVITIES)
    .select('id')
    .where('tenantId', '=', tenant)
    .where('type', '=', 'leakCheck')
    .where('status', '=', 'assigned')
    .where((eb) => eb(eb.val(machineId), '=', eb.fn.any('machineIds')))
    .executeTakeFirst();
  if (open) return 0;
  const originKey = `leakCheck:${machineId}:${due}`;
  if ((await takenOriginKeys(trx, tenant, [originKey])).size > 0) return 0;
  const params = { code: String(machine.code), name: String(machine.name), date: formatDate(GENERATED_LANG, due) };
  await createGeneratedActivity(
    trx,
    tenant,
    {
      customerId: machine.customerId,
      siteId: machine.siteId,
      machineIds: [machineId],
      type: 'leakCheck',
      title: clip(translate(GENERATED_LANG, 'ticketing.generated.leakCheckTitle', params), 120),
      instructions: translate(GENERATED_LANG, 'ticketing.generated.leakCheckInstructions', params),
      // Overdue is a breach of the F-gas rules: ahead of the ordinary work in the queue.
      priority: due < today ? 'high' : 'normal',
      estimatedMinutes: 60,
    },
    { origin: 'leakCheck', originKey, occurrenceDate: due },
  );
  return 1;
}

/** Machines in service whose leak check falls due by `until` (overdue ones included). */
async function dueMachineIds(trx: Db, tenant: string, until: string): Promise<string[]> {
  const rows = await trx
    .selectFrom(MACHINES)
    .select('id')
    .where('tenantId', '=', tenant)
    .where('status', '=', 'active')
    .where('nextLeakCheckDue', '<=', until)
    .orderBy('id')
    .execute();
  return rows.map((row) => String(row.id));
}

/** Active contracts that include visits. */
async function visitingContractIds(trx: Db, tenant: string): Promise<string[]> {
  const rows = await trx
    .selectFrom(CONTRACTS)
    .select('id')
    .where('tenantId', '=', tenant)
    .where('status', '=', 'active')
    .where('includedVisitsPerYear', '>', 0)
    .orderBy('id')
    .execute();
  return rows.map((row) => String(row.id));
}

/**
 * Machines in service whose leak check falls due by today + horizonDays (overdue ones included) and that
 * no open leak-check activity covers get one unscheduled leak-check activity each, for the planner's queue
 * (docs/domain.md#generated-work). One per machine and due date, also under concurrent runs.
 */
export async function proposeLeakChecks(
  db: Db,
  tenant: string,
  now: Date,
  horizonDays: number,
): Promise<GenerationOutcome> {
  const today = todayInItaly(now);
  const until = addDays(today, horizonDays);
  const ids = await withTenant(db, tenant, async (trx) => {
    const covered = await machinesWithOpenLeakCheck(trx, tenant);
    return (await dueMachineIds(trx, tenant, until)).filter((id) => !covered.has(id));
  });
  return eachSource(ids, 'leakCheck', (id) =>
    withTenant(db, tenant, (trx) => proposeLeakCheck(trx, tenant, id, today, until)),
  );
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/**
 * A contract's visit days within [from, to]: `visitsPerYear` spread evenly over each contract year from
 * the start date, every 12/visits months (a fraction of a month as that share of its days), none after
 * the contract's end. Pure, for the tests and the docs' examples.
 */
export function visitDates(
  contract: { startDate: string; endDate: string; visitsPerYear: number },
  from: string,
  to: string,
): string[] {
  const { startDate, endDate, visitsPerYear } = contract;
  const last = endDate < to ? endDate : to;
  const out: string[] = [];
  if (!(visitsPerYear > 0)) return out;
  for (let year = 0; ; year++) {
    const yearStart = addMonths(startDate, 12 * year)!;
    if (yearStart > last) break;
    for (let k = 0; k < visitsPerYear; k++) {
      const months = (k * 12) / visitsPerYear;
      const whole = Math.floor(months);
      const base = addMonths(startDate, 12 * year + whole)!;
      const fraction = months - whole;
      const next = addMonths(startDate, 12 * year + whole + 1)!;
      const day = fraction === 0 ? base : addDays(base, Math.round(fraction * daysBetween(base, next)));
      if (day >= from && day <= last && day >= startDate) out.push(day);
    }
  }
  return [...new Set(out)].sort();
}

/** A contract with its own active plan leaves its visits to the plan. */
async function hasActivePlan(trx: Db, tenant: string, contractId: string): Promise<boolean> {
  const plan = await trx
    .selectFrom(PLANS)
    .select('id')
    .where('tenantId', '=', tenant)
    .where('contractId', '=', contractId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return plan !== undefined;
}

async function proposeVisits(trx: Db, tenant: string, contractId: string, today: string, until: string) {
  const contract = (await trx
    .selectFrom(CONTRACTS)
    .select(['id', 'number', 'customerId', 'siteIds', 'machineIds', 'startDate', 'endDate', 'status'])
    .select('includedVisitsPerYear')
    .where('tenantId', '=', tenant)
    .where('id', '=', contractId)
    .forUpdate()
    .executeTakeFirst()) as Row | undefined;
  const visits = Number(contract?.includedVisitsPerYear ?? 0);
  if (!contract || contract.status !== 'active' || visits <= 0) return 0;
  if (await hasActivePlan(trx, tenant, contractId)) return 0;
  const dates = visitDates(
    { startDate: String(contract.startDate), endDate: String(contract.endDate), visitsPerYear: visits },
    today,
    until,
  );
  const sites = (contract.siteIds ?? []) as string[];
  const wanted = sites.flatMap((siteId) =>
    dates.map((date) => ({ siteId, date, key: `contract:${contractId}:${siteId}:${date}` })),
  );
  const taken = await takenOriginKeys(
    trx,
    tenant,
    wanted.map((visit) => visit.key),
  );
  let created = 0;
  for (const visit of wanted) {
    if (taken.has(visit.key)) continue;
    const params = { number: String(contract.number ?? ''), date: formatDate(GENERATED_LANG, visit.date) };
    await createGeneratedActivity(
      trx,
      tenant,
      {
        customerId: contract.customerId,
        siteId: visit.siteId,
        machineIds: await machinesInService(trx, tenant, visit.siteId, contract.machineIds as string[] | null),
        contractId,
        type: 'maintenance',
        title: clip(translate(GENERATED_LANG, 'ticketing.generated.contractVisitTitle', params), 120),
        instructions: translate(GENERATED_LANG, 'ticketing.generated.contractVisitInstructions', params),
        billingMode: 'contract',
      },
      { origin: 'contract', originKey: visit.key, occurrenceDate: visit.date },
    );
    created++;
  }
  return created;
}

/**
 * Active contracts with included visits and no active periodic plan of their own get one unscheduled
 * maintenance activity per covered site and visit day within [today, today + horizonDays]
 * (docs/domain.md#generated-work), each contract under its row's lock.
 */
export async function proposeContractVisits(
  db: Db,
  tenant: string,
  now: Date,
  horizonDays: number,
): Promise<GenerationOutcome> {
  const today = todayInItaly(now);
  const until = addDays(today, horizonDays);
  const contracts = await withTenant(db, tenant, (trx) => visitingContractIds(trx, tenant));
  return eachSource(contracts, 'contract', (id) =>
    withTenant(db, tenant, (trx) => proposeVisits(trx, tenant, id, today, until)),
  );
}

/**
 * Both proposals in the caller's transaction (already the tenant's), for the demo seed, which writes
 * everything in one: there a refused item fails the whole seed, as any invalid demo data does.
 */
export async function proposePlanningWorkIn(trx: Db, tenant: string, now: Date, horizonDays: number) {
  const today = todayInItaly(now);
  const until = addDays(today, horizonDays);
  let leakCheck = 0;
  for (const id of await dueMachineIds(trx, tenant, until))
    leakCheck += await proposeLeakCheck(trx, tenant, id, today, until);
  let contract = 0;
  for (const id of await visitingContractIds(trx, tenant))
    contract += await proposeVisits(trx, tenant, id, today, until);
  return { leakCheck, contract };
}

/** The daily run over every tenant, after the periodic plans' (a plan of a contract replaces its visits). */
export const planningProposalsJob: JobDefinition = {
  name: 'planning-proposals',
  schedule: { dailyAt: '05:40', timeZone: 'Europe/Rome' },
  async run({ db, log, now }) {
    const tenants = await db.selectFrom('oauth2.tenants').select('id').orderBy('id').execute();
    for (const { id } of tenants) {
      const horizon = planningHorizonDays(id);
      const leakChecks = await proposeLeakChecks(db as Db, id, now, horizon);
      const visits = await proposeContractVisits(db as Db, id, now, horizon);
      const skipped = [...leakChecks.skipped, ...visits.skipped];
      if (skipped.length > 0) log.warn({ tenant: id, skipped }, 'planning-proposals: sources skipped');
      log.info(
        { tenant: id, leakChecks: leakChecks.created, contractVisits: visits.created },
        'planning-proposals: work proposed',
      );
    }
  },
};
