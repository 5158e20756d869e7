import { sql } from 'kysely';
import { contracts, periodic, requests } from '../../resources/index';
import type { ResourceDefinition } from '../../resources/schema';
import { addDays, occurrencesBetween, todayInItaly, type Recurrence } from '../../resources/ticketing/recurrence';
import { Records, runAction } from '../records';
import { ticketingHooks } from '../services/ticketing/hooks';
import { FIRST_NAMES, LAST_NAMES } from './italian-data';
import { seedContracts, type SeededContract } from './ticketing-contracts';
import { loadWorld, machinesAt, seeded, type Random, type World } from './ticketing-world';
import {
  CANCEL_REASONS,
  CLOSE_REASONS,
  PLAN_TEMPLATES,
  REQUEST_DESCRIPTIONS,
  REQUEST_SUBJECTS,
  REQUEST_TYPE_WEIGHTS,
} from './ticketing-data';
import type { Db } from '../db/tables';

type Row = Record<string, unknown>;

const def = (d: unknown) => d as ResourceDefinition;
const records = (trx: Db, d: ResourceDefinition) => new Records(trx, d, ticketingHooks[d.name]);

/**
 * Ticketing demo data of one tenant, after sales, warehouse and wfm: about 25 contracts with
 * reminders, 15 periodic plans and 60 requests (times `demoScale`), over the customers' sites those
 * seeds made. Everything is written through the API's create path and lifecycle actions, hooks
 * included (numbers, checks). With `demoScale` 0, or no customer sites, nothing is written.
 */
export async function seedTicketing(trx: Db, tenant: string, options: { demoScale: number }): Promise<void> {
  if (options.demoScale <= 0) return;
  const world = await loadWorld(trx, tenant);
  if (world.sites.length === 0) return;
  const random = seeded(`${tenant}/ticketing`);
  const actor = { tenant, username: 'admin' };
  const today = todayInItaly();
  const scaled = (n: number) => Math.max(1, Math.round(n * options.demoScale));

  const seededContracts = await seedContracts(records(trx, def(contracts)), world, random, {
    actor,
    today,
    count: scaled(25),
  });
  const plans = await seedPlans(trx, world, random, seededContracts, { actor, today, count: scaled(15) });
  await seedRequests(trx, world, random, seededContracts, plans, { actor, today, count: scaled(60) });
}

interface SeedContext {
  actor: { tenant: string; username: string };
  today: string;
  count: number;
}

interface SeededPlan {
  id: string;
  customerId: string;
  siteId: string;
  contractId: string | null;
  templateTitle: string;
  templateType: string;
  rule: Recurrence;
}

async function seedPlans(
  trx: Db,
  world: World,
  random: Random,
  seededContracts: SeededContract[],
  { actor, today, count }: SeedContext,
): Promise<SeededPlan[]> {
  const store = records(trx, def(periodic));
  const hooks = ticketingHooks[periodic.name];
  // Plans follow contracts with a good while left to run, so they have visits ahead of them.
  const lasting = seededContracts.filter((c) => c.status === 'active' && c.endDate > addDays(today, 200));
  const active = lasting.length > 0 ? lasting : seededContracts.filter((c) => c.status === 'active');
  const plans: SeededPlan[] = [];
  for (let i = 0; i < count; i++) {
    const template = PLAN_TEMPLATES[i % PLAN_TEMPLATES.length];
    // Two plans in three follow a contract (each in turn), the others are agreed visits without one;
    // a customer gets each kind of plan once, so no two plans of the demo look alike.
    const taken = (customerId: string) =>
      plans.some((p) => p.customerId === customerId && p.templateTitle === template.templateTitle);
    const withContract = plans.filter((p) => p.contractId).length;
    const contract =
      i % 3 !== 2
        ? active.map((_, k) => active[(withContract + k) % active.length]).find((c) => !taken(c.customerId))
        : undefined;
    const free = world.sites.filter((s) => !taken(s.customerId));
    // A contract may cover sites since closed (inactive): only its open sites get a plan.
    const contractSites = contract ? world.sites.filter((s) => contract.siteIds.includes(s.id)) : [];
    const site =
      contractSites.length > 0 ? random.pick(contractSites) : random.pick(free.length > 0 ? free : world.sites);
    const siteId = site.id;
    const customerId = site.customerId;
    const technicians =
      i % 3 === 0 && world.tecnico ? [world.tecnico] : random.some(world.technicians, random.int(1, 2));
    const rule: Recurrence = {
      freq: template.freq,
      interval: template.interval,
      byWeekday: (template.byWeekday as Recurrence['byWeekday']) ?? null,
      byMonthDay: template.byMonthDay ?? null,
      byMonth: (template.byMonth as Recurrence['byMonth']) ?? null,
      startDate: contract?.startDate ?? addDays(today, -random.int(0, 200)),
      endDate: contract?.endDate ?? null,
      maxOccurrences: null,
    };
    const body = {
      name: `${template.name} – ${world.customerNames.get(customerId) ?? ''}, ${world.sites.find((s) => s.id === siteId)!.name}`.slice(
        0,
        120,
      ),
      customerId,
      siteId,
      machineIds: random.some(machinesAt(world, [siteId]), random.int(1, 4)),
      contractId: contract?.id ?? null,
      templateType: template.templateType,
      templateTitle: template.templateTitle,
      templateInstructions: template.templateInstructions,
      estimatedMinutes: template.estimatedMinutes,
      requiredSkillIds: random.some(world.skills, random.int(0, 2)),
      defaultTechnicianIds: technicians,
      ...rule,
      horizonDays: random.pick([15, 30, 30, 60]),
      bufferEarlyDays: random.pick([0, 3, 7]),
      bufferLateDays: random.pick([3, 7, 14]),
      generateAs: i % 3 === 1 ? 'activity' : 'ticket',
    };
    const plan = await store.insert(actor, body, 'it');
    const status = i % 7 === 6 ? 'draft' : i === 4 ? 'suspended' : 'active';
    if (status !== 'draft' && plan.nextOccurrence) {
      await runAction(store, hooks, actor, plan.id as string, 'activate', { version: 1 }, 'it');
      if (status === 'suspended')
        await runAction(store, hooks, actor, plan.id as string, 'suspend', { version: 2 }, 'it');
    }
    plans.push({ id: plan.id as string, customerId, siteId, contractId: contract?.id ?? null, ...template, rule });
  }
  return plans;
}

function italianMobile(random: Random): string {
  return `+393${random.int(20, 49)}${String(random.int(0, 9_999_999)).padStart(7, '0')}`;
}

async function seedRequests(
  trx: Db,
  world: World,
  random: Random,
  seededContracts: SeededContract[],
  plans: SeededPlan[],
  { actor, today, count }: SeedContext,
): Promise<void> {
  const store = records(trx, def(requests));
  const hooks = ticketingHooks[requests.name];
  const active = seededContracts.filter((c) => c.status === 'active');
  const bodies: { body: Row; close?: 'close' | 'cancel' }[] = [];

  // A few requests the plans generated, one per recent occurrence.
  for (const plan of plans.slice(0, Math.min(5, Math.ceil(count / 12)))) {
    const [occurrence] = occurrencesBetween(plan.rule, addDays(today, -60), addDays(today, 20), 1);
    if (!occurrence) continue;
    const contract = active.find((c) => c.id === plan.contractId);
    bodies.push({
      body: {
        openedAt: `${addDays(occurrence, -14)}T06:00:00.000Z`,
        channel: 'periodic',
        customerId: plan.customerId,
        siteId: plan.siteId,
        subject: plan.templateTitle,
        type: plan.templateType === 'leakCheck' ? 'leakCheck' : 'maintenance',
        priority: 'normal',
        contractId: contract ? contract.id : null,
        periodicTicketId: plan.id,
        occurrenceDate: occurrence,
        reporterName: 'Pianificazione automatica',
        assignedUserId: world.adminId ?? null,
        requestedEarliest: `${addDays(occurrence, -3)}T07:00:00.000Z`,
        requestedLatest: `${addDays(occurrence, 7)}T16:00:00.000Z`,
      },
    });
  }

  while (bodies.length < count) {
    const daysAgo = random.int(0, 120);
    const openedAt = `${addDays(today, -daysAgo)}T${String(random.int(6, 16)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00.000Z`;
    const contract = random.next() < 0.6 && active.length > 0 ? random.pick(active) : undefined;
    const siteId = contract ? random.pick(contract.siteIds) : random.pick(world.sites).id;
    const customerId = contract?.customerId ?? world.sites.find((s) => s.id === siteId)!.customerId;
    const type = random.weighted(REQUEST_TYPE_WEIGHTS);
    const priority =
      type === 'breakdown'
        ? random.weighted([
            ['urgent', 2],
            ['high', 4],
            ['normal', 4],
          ])
        : random.weighted([
            ['normal', 3],
            ['low', 1],
          ]);
    const byContact = world.contacts.length > 0 && random.next() < 0.5;
    const recent = daysAgo < 10;
    const outcome = random.next();
    const close = recent
      ? outcome < 0.3
        ? 'close'
        : undefined
      : outcome < 0.75
        ? 'close'
        : outcome < 0.85
          ? 'cancel'
          : undefined;
    bodies.push({
      close,
      body: {
        openedAt,
        channel: random.weighted([
          ['phone', 10],
          ['email', 6],
          ['portal', 2],
          ['technician', 1],
          ['internal', 1],
        ]),
        customerId,
        siteId,
        machineIds: random.some(machinesAt(world, [siteId]), random.int(0, 2)),
        contactId: byContact ? random.pick(world.contacts) : null,
        reporterName: byContact ? null : `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
        reporterPhone: byContact ? null : italianMobile(random),
        subject: random.pick(REQUEST_SUBJECTS[type]),
        description: random.next() < 0.7 ? random.pick(REQUEST_DESCRIPTIONS[type]) : null,
        type,
        priority,
        contractId: contract?.id ?? null,
        assignedUserId: random.next() < 0.7 ? (world.adminId ?? null) : null,
      },
    });
  }

  // Numbers follow the order requests came in.
  bodies.sort((a, b) => String(a.body.openedAt).localeCompare(String(b.body.openedAt)));
  for (const { body, close } of bodies) {
    const request = await store.insert(actor, body, 'it');
    if (!close) continue;
    const reason = close === 'close' ? random.pick(CLOSE_REASONS) : random.pick(CANCEL_REASONS);
    await runAction(store, hooks, actor, request.id as string, close, { version: 1, closeReason: reason }, 'it');
  }
  // Closing stamps the seed's own moment on every request: spread them after each opening instead.
  await sql`update ticketing.requests
    set closed_at = least(now(), opened_at + make_interval(hours => 2 + abs(hashtext(id::text)) % 96))
    where tenant_id = ${actor.tenant} and closed_at is not null`.execute(trx);
}
