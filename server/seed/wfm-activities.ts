import { findResource, wfmAbsences, wfmActivities, wfmFgasActivities } from '../../resources/index';
import { decimal } from '../../resources/schema';
import { type Actor, Records } from '../records';
import { wfmHooks } from '../services/wfm/hooks';
import { salesHooks } from '../services/sales/hooks';
import type { Category } from './wfm-data';
import type { CrewMember } from './wfm-calendar';
import { advance } from './wfm-lifecycle';
import { type Job, Planner } from './wfm-schedule';
import type { Db } from '../db/tables';
import { tableRef } from '../db/derive';

type Row = Record<string, unknown>;

/**
 * The demo's history of sending: jobs the office sent to the technicians before today (the planner's
 * confirm-sending, without its notifications, which would be weeks old). Same version: nothing read it yet.
 */
async function markSent(trx: Db, tenant: string, activity: Row, job: Job, untold = false): Promise<void> {
  const sent = job.sent ?? { technicianIds: activity.technicianIds, start: job.slot.start, end: job.slot.end };
  // A job changed (or cancelled) after sending is a draft again, with the warning, until the office sends it again.
  const draft = job.sent !== undefined || untold;
  await trx
    .updateTable(tableRef(wfmActivities))
    .set({
      planState: draft ? 'draft' : 'published',
      publicationWarning: draft,
      publishedAt: new Date(Math.min(Date.now(), new Date(sent.start).getTime() - 3 * 24 * 3600 * 1000)).toISOString(),
      publishedBy: 'admin',
      publishedTechnicianIds: sent.technicianIds,
      publishedStart: sent.start,
      publishedEnd: sent.end,
    } as never)
    .where('tenantId', '=', tenant)
    .where('id', '=', String(activity.id))
    .execute();
  activity.planState = draft ? 'draft' : 'published';
}

export interface SeededMachine {
  id: string;
  siteId: string;
  siteZone: string | null;
  category: Category;
  customerId: string;
  refrigerantId: string;
  gasCode: string;
  isFgas: boolean;
  chargeKg: string;
  interval: number | null;
  status: string;
}

export interface SeedWorld {
  tenant: string;
  admin: Actor;
  technicians: CrewMember[];
  machines: SeededMachine[];
  gases: Map<string, Row>;
  skills: Map<string, string>;
  next: () => number;
  now: Date;
  /** Set once the office has "forgotten" one old Banca Dati communication (the register's overdue mark). */
  forgotRecord?: boolean;
}

interface Stock {
  items: { id: string; cost: string; uom: string; name: string }[];
  cylinders: Map<string, string>;
}

async function loadStock(trx: Db, tenant: string): Promise<Stock> {
  const rows = await trx
    .selectFrom('warehouse.items')
    .select(['id', 'sku', 'name', 'uom', 'standardCost'])
    .where('tenantId', '=', tenant)
    .orderBy('sku')
    .execute()
    .catch(() => [] as Row[]);
  const cylinders = new Map<string, string>();
  for (const row of rows) {
    const match = /^GAS-([A-Z0-9()]+)-/i.exec(String(row.sku));
    if (match) cylinders.set(match[1].toUpperCase(), row.id as string);
  }
  const items = rows
    .filter((row) => !String(row.sku).startsWith('GAS-') && row.standardCost)
    .map((row) => ({
      id: row.id as string,
      cost: String(row.standardCost),
      uom: String(row.uom),
      name: String(row.name),
    }));
  return { items, cylinders };
}

/**
 * The demo's activities at the seeded sites and on their machines: the plan (wfm-schedule.ts: the register's
 * history, the technicians' day, this week and next for everyone, `count` more over the past three and next
 * two months, absences around which it is made), each taken through the lifecycle actions to a status that
 * fits its date (wfm-lifecycle.ts), then the work still to plan. Absences go in first: the planning checks
 * judge every job against them.
 */
export async function seedActivities(
  trx: Db,
  world: SeedWorld,
  options: { count: number; scale: number },
): Promise<void> {
  const { next, admin, tenant } = world;
  const stock = await loadStock(trx, tenant);
  const activities = new Records(trx, wfmActivities, wfmHooks[wfmActivities.name]);
  const fgas = new Records(trx, wfmFgasActivities, wfmHooks[wfmFgasActivities.name]);
  const reportDef = findResource('sales/work-reports');
  const reports = reportDef ? new Records(trx, reportDef, salesHooks[reportDef.name]) : undefined;

  const planner = new Planner(world);
  planner.planAbsences();
  planner.planFixedDay();
  planner.planHistory();
  planner.planFortnight(options.scale);
  planner.planScattered(options.count);
  const absences = new Records(trx, wfmAbsences, wfmHooks[wfmAbsences.name]);
  for (const { technician, ...absence } of planner.absences)
    await absences.insert(admin, { technicianId: technician.id, ...absence }, 'it');

  // In time order, so numbers follow the calendar.
  const jobs = [...planner.jobs].sort((a, b) => a.slot.start.localeCompare(b.slot.start));
  for (const job of jobs) {
    const { kind, slot, machines, team } = job;
    const lead = team[0];
    const outcome = slot.outcome;
    const done = outcome !== 'assigned' && outcome !== 'cancelled';
    const billingMode =
      outcome === 'approvedNotBilled'
        ? pick(next, ['contract', 'warranty', 'goodwill'] as const)
        : next() < 0.75
          ? 'chargeable'
          : 'contract';
    const { lines, added } = usedLines(world, stock, job, billingMode);
    const created = await activities.insert(
      admin,
      {
        ...content(world, job),
        technicianIds: team.map((t) => t.id),
        leadTechnicianId: team.length > 1 ? lead.id : null,
        scheduledStart: slot.start,
        scheduledEnd: slot.end,
        ...(job.overrideReason ? { overrideReason: job.overrideReason } : {}),
        // The technicians' day carries an item to tick before completing; other open jobs none yet.
        checklist: kind.checklist.map((description, i) => ({
          description,
          required: (done || job.fixed) && i === 0,
          done,
        })),
        // Lines are what was used: a done job gets them after its completion (the warehouse seed already
        // took them out of the vans, so nothing posts twice); an open job has none until its technician
        // records them from the van's actual stock and lots (completion posts them from there).
        billingMode,
      },
      'it',
    );
    // A cancellation is sent after the cancel: the old ones were told long ago, a coming one is still to tell
    // (what the publishing hook does when a published job is cancelled).
    const cancelled = outcome === 'cancelled';
    if (slot.published && !cancelled) await markSent(trx, tenant, created, job);
    await advance(world, { activities, fgas, reports }, created, {
      outcome,
      slot,
      kind: kind.type,
      resolution: pick(next, kind.resolutions),
      machines,
      lead,
      team,
      added,
      lines,
    });
    if (slot.published && cancelled) await markSent(trx, tenant, created, job, slot.day > planner.tomorrow);
  }
  for (const job of planner.unscheduled())
    await activities.insert(
      admin,
      {
        ...content(world, job),
        technicianIds: job.team.map((t) => t.id),
        checklist: job.kind.checklist.map((description) => ({ description, required: false, done: false })),
        billingMode: 'chargeable',
      },
      'it',
    );
}

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)];

/** What a job is about: customer, site, machines, title, priority, required skills, tags. */
function content(world: SeedWorld, job: Pick<Job, 'kind' | 'machines' | 'needs' | 'minutes'>): Row {
  const { next } = world;
  const { kind, machines } = job;
  return {
    customerId: machines[0].customerId,
    siteId: machines[0].siteId,
    machineIds: machines.map((m) => m.id),
    type: kind.type,
    title: pick(next, kind.titles),
    instructions: kind.instructions,
    priority:
      kind.type === 'repair'
        ? pick(next, ['normal', 'high', 'urgent'] as const)
        : pick(next, ['low', 'normal', 'normal'] as const),
    estimatedMinutes: job.minutes,
    requiredSkillIds: job.needs.skillIds,
    tagIds: next() < 0.15 && world.skills.has('Cliente prioritario') ? [world.skills.get('Cliente prioritario')] : [],
  };
}

/** The materials and F-gas lines a done job used (a gas top-up on some repairs of F-gas machines). */
function usedLines(
  world: SeedWorld,
  stock: Stock,
  job: Job,
  billingMode: string,
): { lines: Row; added: string | null } {
  const { next } = world;
  const { kind, machines } = job;
  const lead = job.team[0];
  const gasRepair =
    kind.type === 'repair' &&
    machines[0].isFgas &&
    stock.cylinders.has(machines[0].gasCode.toUpperCase()) &&
    next() < 0.45;
  const materials =
    (kind.type === 'repair' || kind.type === 'maintenance' || kind.type === 'installation') &&
    stock.items.length > 0 &&
    next() < 0.55
      ? Array.from({ length: 1 + Math.floor(next() * 2) }, () => {
          const item = pick(next, stock.items);
          return {
            itemId: item.id,
            description: item.name,
            quantity: item.uom === 'pz' ? String(1 + Math.floor(next() * 3)) : (0.5 + next() * 4).toFixed(1),
            uom: item.uom,
            sourceWarehouseId: lead.van,
            // Cost plus 60%, exact (docs/domain.md#money-and-decimals).
            unitPrice: decimal.round(decimal.dec(item.cost).times('1.6'), 2),
            billable: billingMode === 'chargeable',
          };
        })
      : [];
  // A top-up stays well within the machine's charge (the wfm hooks refuse more).
  const added = gasRepair ? Math.min(0.4 + next() * 2.6, Number(machines[0].chargeKg) / 3).toFixed(3) : null;
  const fgasMaterials = gasRepair
    ? [
        {
          machineId: machines[0].id,
          refrigerantId: machines[0].refrigerantId,
          cylinderItemId: stock.cylinders.get(machines[0].gasCode.toUpperCase()),
          cylinderLot: `L${Math.floor(next() * 90000 + 10000)}`,
          quantityAddedKg: added,
          quantityRecoveredKg: '0',
          addedGasOrigin: 'virgin',
        },
      ]
    : [];
  return { lines: { materials, fgasMaterials }, added };
}
