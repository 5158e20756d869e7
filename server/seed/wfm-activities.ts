import { findResource, wfmActivities, wfmFgasActivities } from '../../resources/index';
import { type Actor, Records, runAction } from '../records';
import { wfmHooks } from '../services/wfm/hooks';
import { salesHooks } from '../services/sales/hooks';
import { ACTIVITY_KINDS, type ActivityType } from './wfm-data';
import { historySlot, plan, romeDate, workingDays, type Outcome, type Slot } from './wfm-plan';
import type { Db } from '../db/tables';
import { tableRef } from '../db/derive';

type Row = Record<string, unknown>;

/**
 * The demo's history of sending: jobs the office sent to the technicians before today (the planner's
 * confirm-sending, without its notifications, which would be weeks old). Same version: nothing read it yet.
 */
async function markSent(trx: Db, tenant: string, activity: Row, slot: Slot): Promise<void> {
  await trx
    .updateTable(tableRef(wfmActivities))
    .set({
      planState: 'published',
      publishedAt: new Date(Math.min(Date.now(), new Date(slot.start).getTime() - 3 * 24 * 3600 * 1000)).toISOString(),
      publishedBy: 'admin',
      publishedTechnicianIds: activity.technicianIds,
      publishedStart: slot.start,
      publishedEnd: slot.end,
    } as never)
    .where('tenantId', '=', tenant)
    .where('id', '=', String(activity.id))
    .execute();
  activity.planState = 'published';
}

export interface SeededMachine {
  id: string;
  siteId: string;
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
  technicians: { id: string; username: string | null; van: string | null }[];
  machines: SeededMachine[];
  gases: Map<string, Row>;
  skills: Map<string, string>;
  next: () => number;
  now: Date;
}

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)];
const COMPANY_CERTIFICATE = 'IT-FGAS-IMP-004217';

function weightedType(next: () => number): (typeof ACTIVITY_KINDS)[number] {
  const total = ACTIVITY_KINDS.reduce((sum, k) => sum + k.weight, 0);
  let at = next() * total;
  for (const kind of ACTIVITY_KINDS) if ((at -= kind.weight) < 0) return kind;
  return ACTIVITY_KINDS[0];
}

interface Job {
  kind: (typeof ACTIVITY_KINDS)[number];
  siteId: string;
  slot: Slot;
  /** A job of the technicians' day (wfm-plan.ts workingDays): its technician, alone. */
  lead?: SeedWorld['technicians'][number];
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
 * About `count` activities over the past three and the next two months, at the seeded sites and on their
 * machines (and before them, at most sites, the last periodic leak check of their F-gas machines), each taken through the lifecycle actions to a status that fits its date (wfm-plan.ts); work
 * reports for those done (through the sales definition, when it is served) and F-gas register records
 * for leak checks and gas repairs on F-gas machines.
 */
export async function seedActivities(trx: Db, world: SeedWorld, options: { count: number }): Promise<void> {
  const { next, admin, tenant } = world;
  const stock = await loadStock(trx, tenant);
  const activities = new Records(trx, wfmActivities, wfmHooks[wfmActivities.name]);
  const fgas = new Records(trx, wfmFgasActivities, wfmHooks[wfmFgasActivities.name]);
  const reportDef = findResource('sales/work-reports');
  const reports = reportDef ? new Records(trx, reportDef, salesHooks[reportDef.name]) : undefined;
  const bySite = new Map<string, SeededMachine[]>();
  for (const m of world.machines) bySite.set(m.siteId, [...(bySite.get(m.siteId) ?? []), m]);
  const sites = [...bySite.keys()];
  const tecnico = world.technicians.find((t) => t.username === 'tecnico');

  // The register's history first, so activity numbers follow the calendar.
  const leakCheck = ACTIVITY_KINDS.find((k) => k.type === 'leakCheck')!;
  const history = sites.flatMap((siteId) => {
    const intervals = bySite
      .get(siteId)!
      .filter((m) => m.status === 'active' && m.interval !== null)
      .map((m) => m.interval!);
    const slot =
      intervals.length > 0 && next() < 0.7 ? historySlot(world.now, Math.min(...intervals), next) : undefined;
    return slot ? [{ kind: leakCheck, siteId, slot }] : [];
  });
  // The technicians' day: today's and tomorrow's jobs at sites with an F-gas machine, each with a
  // checklist item the technician must tick before completing.
  const fgasSites = sites.filter((siteId) =>
    bySite.get(siteId)!.some((m) => m.status === 'active' && m.isFgas && m.interval !== null),
  );
  const crew = tecnico ? [tecnico, ...world.technicians.filter((t) => t !== tecnico)] : world.technicians;
  const dayKinds = ['maintenance', 'leakCheck', 'repair'].map((type) => ACTIVITY_KINDS.find((k) => k.type === type)!);
  const day: Job[] =
    fgasSites.length === 0
      ? []
      : workingDays(world.now, crew).map(({ lead, slot }, i) => ({
          kind: dayKinds[i % dayKinds.length],
          siteId: fgasSites[(i * 7) % fgasSites.length],
          slot,
          lead,
        }));
  const jobs: Job[] = [
    ...history.sort((a, b) => a.slot.start.localeCompare(b.slot.start)),
    ...[
      ...plan(world.now, options.count, next).map((slot) => ({
        kind: weightedType(next),
        siteId: pick(next, sites),
        slot,
      })),
      ...day,
    ].sort((a, b) => a.slot.start.localeCompare(b.slot.start)),
  ];
  for (const { kind, siteId, slot, lead: assigned } of jobs) {
    const siteMachines = bySite.get(siteId)!.filter((m) => m.status === 'active' || kind.type === 'repair');
    if (siteMachines.length === 0) continue;
    const fgasMachines = siteMachines.filter((m) => m.isFgas);
    const machines =
      (kind.type === 'leakCheck' || assigned) && fgasMachines.length > 0
        ? fgasMachines
        : siteMachines.slice(0, 1 + Math.floor(next() * siteMachines.length));
    const lead = assigned ?? (next() < 0.22 && tecnico ? tecnico : pick(next, world.technicians));
    const team =
      assigned || next() >= 0.2
        ? [lead]
        : [
            lead,
            pick(
              next,
              world.technicians.filter((t) => t !== lead),
            ),
          ];
    const outcome = slot.outcome;
    const done = outcome !== 'assigned' && outcome !== 'cancelled';
    const billingMode =
      outcome === 'approvedNotBilled'
        ? pick(next, ['contract', 'warranty', 'goodwill'] as const)
        : next() < 0.75
          ? 'chargeable'
          : 'contract';
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
              unitPrice: (Number(item.cost) * 1.6).toFixed(2),
              billable: billingMode === 'chargeable',
            };
          })
        : [];
    // A top-up stays well within the machine's charge (the wfm hooks refuse more).
    const added = gasRepair ? Math.min(0.4 + next() * 2.6, Number(machines[0].chargeKg) / 3).toFixed(3) : null;
    const lines = {
      materials,
      fgasMaterials: gasRepair
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
        : [],
    };
    const created = await activities.insert(
      admin,
      {
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
        requiredSkillIds:
          machines[0].isFgas && world.skills.has('F-gas cat. I') ? [world.skills.get('F-gas cat. I')] : [],
        tagIds:
          next() < 0.15 && world.skills.has('Cliente prioritario') ? [world.skills.get('Cliente prioritario')] : [],
        technicianIds: team.map((t) => t.id),
        leadTechnicianId: team.length > 1 ? lead.id : null,
        scheduledStart: slot.start,
        scheduledEnd: slot.end,
        // The technicians' day carries an item to tick before completing; other open jobs none yet.
        checklist: kind.checklist.map((description, i) => ({
          description,
          required: (done || assigned !== undefined) && i === 0,
          done,
        })),
        // Lines are what was used: a done job gets them after its completion (the warehouse seed already
        // took them out of the vans, so nothing posts twice); an open job has none until its technician
        // records them from the van's actual stock and lots (completion posts them from there).
        billingMode,
      },
      'it',
    );
    if (slot.published) await markSent(trx, tenant, created, slot);
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
  }
}

interface Context {
  activities: Records;
  fgas: Records;
  reports?: Records;
}

/** Takes a new activity through the actions its outcome needs, writing its work report and F-gas records on the way. */
async function advance(
  world: SeedWorld,
  ctx: Context,
  created: Row,
  a: {
    outcome: Outcome;
    slot: { start: string; end: string; day: string; from: string; to: string };
    kind: ActivityType;
    resolution: string;
    machines: SeededMachine[];
    lead: { id: string; username: string | null };
    team: { id: string }[];
    added: string | null;
    lines: Row;
  },
): Promise<void> {
  const { admin, next } = world;
  let record = created;
  const act = async (name: string, input: Row = {}, actor: Actor = admin) => {
    record = await runAction(
      ctx.activities,
      wfmHooks[wfmActivities.name],
      actor,
      String(record.id),
      name,
      { version: record.version, ...input },
      'it',
    );
  };
  if (a.outcome === 'cancelled') {
    await act('cancel', {
      cancelReason: pick(next, [
        'Il cliente ha rinviato l’intervento.',
        'Richiesta duplicata.',
        'Guasto risolto dal cliente.',
      ]),
    });
    return;
  }
  if (a.outcome === 'assigned') return;

  if (ctx.reports)
    await ctx.reports.insert(
      admin,
      {
        activityId: record.id,
        date: a.slot.day,
        timeEntries: a.team.map((t) => ({
          technicianId: t.id,
          date: a.slot.day,
          startTime: a.slot.from,
          endTime: a.slot.to,
          breakMinutes: 0,
          kind: 'work',
          km: (5 + next() * 60).toFixed(1),
        })),
        workDescription: a.resolution,
        outcome: 'resolved',
      },
      'it',
    );
  const technicianActor: Actor = a.lead.username
    ? { tenant: world.tenant, username: a.lead.username, roles: ['ROLE_TECHNICIAN'] }
    : admin;
  await act(
    'complete',
    { actualStart: a.slot.start, actualEnd: a.slot.end, resolution: a.resolution },
    technicianActor,
  );
  record = await ctx.activities.update(admin, String(record.id), { version: record.version, ...a.lines }, 'it');
  // Completing a leak check wrote its register records (docs/domain.md#completion-postings): the seed varies them.
  const written = new Map(
    (
      (await ctx.fgas.trx
        .selectFrom(tableRef(wfmFgasActivities))
        .select(['id', 'machineId', 'version'])
        .where('tenantId', '=', world.tenant)
        .where('activityId', '=', String(record.id))
        .execute()) as Row[]
    ).map((r) => [String(r.machineId), r]),
  );

  // The F-gas register: leak checks on every F-gas machine of the activity, gas repairs on the one repaired.
  const registered = a.kind === 'leakCheck' ? a.machines.filter((m) => m.isFgas) : a.added ? [a.machines[0]] : [];
  const old = romeDate(world.now) > addDays(a.slot.day, 30);
  for (const machine of registered) {
    const leak = a.kind === 'leakCheck' && next() < 0.1;
    const reported = old && next() < 0.9;
    const existing = written.get(machine.id);
    const values: Row = {
      activityId: record.id,
      machineId: machine.id,
      technicianId: a.lead.id,
      interventionType: a.kind === 'leakCheck' ? 'leakCheck' : 'repair',
      interventionDate: a.slot.day,
      quantityAddedKg: a.kind === 'leakCheck' ? '0' : a.added,
      quantityRecoveredKg: '0',
      addedGasOrigin: a.kind === 'leakCheck' ? null : 'virgin',
      leakCheckResult: a.kind === 'leakCheck' ? (leak ? 'leakFound' : 'noLeak') : 'leakRepaired',
      leakLocation:
        leak || a.kind === 'repair'
          ? pick(next, [
              'Raccordo a cartella unità interna',
              'Saldatura sul collettore',
              'Valvola Schrader',
              'Pressostato di alta',
            ])
          : null,
      repairDescription:
        a.kind === 'repair' ? 'Rifatta la giunzione, prova di tenuta in azoto, vuoto e ricarica.' : null,
      repairDate: a.kind === 'repair' ? a.slot.day : null,
      companyCertificateNumber: COMPANY_CERTIFICATE,
      bancaDatiStatus: reported ? 'reported' : 'toReport',
      ...(reported
        ? {
            bancaDatiReportedAt: addDays(a.slot.day, 10 + Math.floor(next() * 15)),
            bancaDatiReference: `BD${Math.floor(next() * 1e8)}`,
            reportedBy: 'admin',
          }
        : {}),
    };
    if (existing) await ctx.fgas.update(admin, String(existing.id), { version: existing.version, ...values }, 'it');
    else await ctx.fgas.insert(admin, values, 'it');
  }
  if (a.outcome === 'completed') return;
  await act('approve');
  if (a.outcome === 'approved') return;
  const notBilled =
    a.outcome === 'approvedNotBilled' || (a.outcome === 'closed' && record.billingMode !== 'chargeable');
  if (notBilled)
    await act(
      'markNotBillable',
      record.billingMode === 'chargeable' ? { notBillableReason: 'Intervento in cortesia' } : {},
    );
  else
    await act('markBilled', {
      externalInvoiceRef: `FT ${a.slot.day.slice(0, 4)}/${String(Math.floor(next() * 900) + 100)}`,
    });
  if (a.outcome === 'closed') await act('close');
}

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
