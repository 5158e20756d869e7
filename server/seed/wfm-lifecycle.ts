import { wfmActivities, wfmFgasActivities } from '../../resources/index';
import { type Actor, type Records, runAction } from '../records';
import { wfmHooks } from '../services/wfm/hooks';
import { tableRef } from '../db/derive';
import type { ActivityType } from './wfm-data';
import { addDays, romeDate, type Outcome } from './wfm-plan';
import type { SeededMachine, SeedWorld } from './wfm-activities';

type Row = Record<string, unknown>;

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)];
const COMPANY_CERTIFICATE = 'IT-FGAS-IMP-004217';

export interface Context {
  activities: Records;
  fgas: Records;
  reports?: Records;
}

/** Takes a new activity through the actions its outcome needs, writing its work report and F-gas records on the way. */
export async function advance(
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
    // The first old record stays uncommunicated, whatever the draw: the register always shows one past its deadline.
    const forgotten = old && !world.forgotRecord;
    if (forgotten) world.forgotRecord = true;
    const reported = old && !forgotten && next() < 0.9;
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
