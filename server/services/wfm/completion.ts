import fgasActivities from '../../../resources/wfm/fgas-activities';
import items from '../../../resources/wh/items';
import machines from '../../../resources/wfm/machines';
import { blank } from '../../../resources/wfm/shared';
import movements from '../../../resources/wh/movements';
import { dateInItaly } from '../../../resources/wh/shared';
import { tableRef } from '../../db/derive';
import { dynamic } from '../../db/tables';
import { HttpProblem, type ProblemItem } from '../../http/errors';
import { Records, type HookContext, type Row } from '../../records';
import { movementHooks } from '../warehouse/movements';
import { fgasHookMap } from './fgas';
import { companyCertificateOf } from './fgas-company';
import { formatQuantity, vanOf } from './job-lines';
import { rowOf } from './references';
import { actingTechnicianId } from './work-time';

/**
 * What completing a job posts, in the transaction of the `complete` action (docs/domain.md#completion-postings):
 * the materials leave their warehouse (the van) as `out` movements, the F-gas lines become register records,
 * and those move the machine's last leak check. Every write goes through the Records engine with the owning
 * service's hooks, so the ledger's rule (no negative stock unless the warehouse allows it) and the register's
 * snapshots and checks apply; any refusal refuses the whole completion.
 */

/** A problem of a posting, its fields renamed onto the activity's line that caused it. */
async function onLine<T>(prefix: string, work: () => Promise<T>, rename: Record<string, string> = {}): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    const errors: ProblemItem[] = error.errors.map((e) => ({ ...e, path: `${prefix}.${rename[e.path] ?? e.path}` }));
    throw new HttpProblem(error.status, error.message, errors, error.title);
  }
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** The ledger's "not enough stock" said of the job's line: which item, how much is there, in the reader's format. */
function insufficient(ctx: HookContext, error: unknown, path: string, item: Row, line: Row): unknown {
  if (!(error instanceof HttpProblem) || error.status !== 409) return error;
  const shortage = error.errors.find((e) => e.key === 'validation.wh.insufficientStock');
  if (!shortage) return error;
  const shown = (v: unknown) => (typeof v === 'string' && DECIMAL.test(v) ? formatQuantity(v, ctx.lang) : String(v));
  const params = {
    item: String(item.name),
    available: shown(shortage.params.available),
    quantity: shown(line.quantity),
    uom: String(line.uom ?? item.uom ?? ''),
  };
  return ctx.conflict(
    ctx.issue(path, 'validation.wfm.insufficientVanStock', params),
    `Not enough ${params.item} in the warehouse: ${params.available} ${params.uom} available, ${params.quantity} used.`,
  );
}

/** One `out` movement per material line with an item, from its warehouse (the van when the line names none). */
async function postMaterials(ctx: HookContext, activity: Row): Promise<void> {
  const ledger = new Records(ctx.trx, movements, movementHooks);
  const lines = (Array.isArray(activity.materials) ? activity.materials : []) as Row[];
  let van: string | null | undefined;
  for (const [i, line] of lines.entries()) {
    if (blank(line.itemId)) continue;
    let from = line.sourceWarehouseId as string | null;
    if (blank(from)) from = van === undefined ? (van = await vanOf(ctx, activity)) : van;
    if (blank(from)) ctx.refuse([ctx.issue(`materials.${i}.sourceWarehouseId`, 'validation.required')]);
    const item = (await rowOf(ctx.trx, items, ctx.actor.tenant, line.itemId, ['name', 'uom', 'tracking'])) ?? {};
    const tracked = blank(line.lotNumber)
      ? {}
      : item.tracking === 'serial'
        ? { serialNumber: line.lotNumber }
        : { lotNumber: line.lotNumber };
    const movement = {
      type: 'out',
      state: 'done',
      date: activity.actualEnd,
      itemId: line.itemId,
      quantity: line.quantity,
      uom: line.uom,
      fromWarehouseId: from,
      ...(item.tracking === 'none' ? {} : tracked),
      sourceType: 'activity',
      sourceId: activity.id,
      reason: activity.number,
    };
    await onLine(
      `materials.${i}`,
      () =>
        ledger.insert(ctx.actor, movement, ctx.lang).catch((error: unknown) => {
          throw insufficient(ctx, error, 'quantity', item, line);
        }),
      { fromWarehouseId: 'sourceWarehouseId', serialNumber: 'lotNumber' },
    );
  }
}

/**
 * The gas charged from a cylinder of the van leaves it as an `out` of that cylinder's lot, in kg
 * (DOMAIN.md, ActivityFgasMaterial): the van's refrigerant stock follows what the register says was added.
 */
async function postGas(ctx: HookContext, activity: Row): Promise<void> {
  const ledger = new Records(ctx.trx, movements, movementHooks);
  const lines = (Array.isArray(activity.fgasMaterials) ? activity.fgasMaterials : []) as Row[];
  let van: string | null | undefined;
  for (const [i, line] of lines.entries()) {
    if (blank(line.cylinderItemId) || blank(line.quantityAddedKg) || Number(line.quantityAddedKg) <= 0) continue;
    van ??= await vanOf(ctx, activity);
    if (blank(van)) ctx.refuse([ctx.issue(`fgasMaterials.${i}.cylinderItemId`, 'validation.wfm.noVan')]);
    const item =
      (await rowOf(ctx.trx, items, ctx.actor.tenant, line.cylinderItemId, ['name', 'uom', 'tracking'])) ?? {};
    const movement = {
      type: 'out',
      state: 'done',
      date: activity.actualEnd,
      itemId: line.cylinderItemId,
      quantity: line.quantityAddedKg,
      uom: 'kg',
      fromWarehouseId: van,
      ...(item.tracking === 'lot' && !blank(line.cylinderLot) ? { lotNumber: line.cylinderLot } : {}),
      sourceType: 'activity',
      sourceId: activity.id,
      reason: activity.number,
    };
    const shown = { quantity: line.quantityAddedKg, uom: 'kg' };
    await onLine(
      `fgasMaterials.${i}`,
      () =>
        ledger.insert(ctx.actor, movement, ctx.lang).catch((error: unknown) => {
          throw insufficient(ctx, error, 'quantityAddedKg', item, shown);
        }),
      {
        fromWarehouseId: 'cylinderItemId',
        itemId: 'cylinderItemId',
        lotNumber: 'cylinderLot',
        quantity: 'quantityAddedKg',
      },
    );
  }
}

/** The register's intervention type of an activity type; inspections and surveys that touch the gas count as maintenance. */
const INTERVENTION: Readonly<Record<string, string>> = {
  leakCheck: 'leakCheck',
  maintenance: 'maintenance',
  repair: 'repair',
  installation: 'installation',
  decommissioning: 'decommissioning',
};

interface Entry {
  path: string;
  machineId: string;
  line?: Row;
}

/**
 * One register record per F-gas line on an F-gas machine, and for a leak check one per F-gas machine of the
 * activity the lines do not name (the check itself is the intervention). Unless the technician states
 * otherwise the check found no leak (docs/domain.md#completion-postings).
 */
async function registerGas(ctx: HookContext, activity: Row, resolution: string): Promise<void> {
  const type = INTERVENTION[String(activity.type)] ?? 'maintenance';
  const lines = (Array.isArray(activity.fgasMaterials) ? activity.fgasMaterials : []) as Row[];
  const entries: Entry[] = lines.map((line, i) => ({
    path: `fgasMaterials.${i}`,
    machineId: String(line.machineId),
    line,
  }));
  if (type === 'leakCheck')
    ((activity.machineIds ?? []) as string[]).forEach((id, i) => {
      if (!lines.some((line) => line.machineId === id)) entries.push({ path: `machineIds.${i}`, machineId: id });
    });
  const register = new Records(ctx.trx, fgasActivities, fgasHookMap[fgasActivities.name]);
  const date = dateInItaly(String(activity.actualEnd));
  let technicianId: string | null | undefined;
  for (const entry of entries) {
    const machine = await rowOf(ctx.trx, machines, ctx.actor.tenant, entry.machineId, [
      'refrigerantIsFgas',
      'purchaseDocNumber',
      'purchaseDocDate',
    ]);
    if (machine?.refrigerantIsFgas !== true) continue;
    const certificate = companyCertificateOf(ctx.actor.tenant);
    if (!certificate)
      throw ctx.conflict(
        ctx.issue(entry.path, 'validation.wfm.noCompanyCertificate'),
        'The tenant config names no F-gas company certificate (fgas.companyCertificateNumber).',
      );
    technicianId ??= await actingTechnicianId(ctx, activity as never);
    const line = entry.line ?? {};
    const added = !blank(line.quantityAddedKg) && Number(line.quantityAddedKg) > 0;
    const record = {
      activityId: activity.id,
      machineId: entry.machineId,
      interventionType: type,
      interventionDate: date,
      technicianId: blank(line.technicianId) ? technicianId : line.technicianId,
      companyCertificateNumber: certificate,
      bancaDatiStatus: 'toReport',
      quantityAddedKg: line.quantityAddedKg ?? '0',
      quantityRecoveredKg: line.quantityRecoveredKg ?? '0',
      addedGasOrigin: added ? line.addedGasOrigin : null,
      leakCheckResult: type === 'leakCheck' || type === 'repair' ? 'noLeak' : null,
      equipmentPurchaseDocNumber: type === 'installation' ? machine.purchaseDocNumber : null,
      equipmentPurchaseDocDate: type === 'installation' ? machine.purchaseDocDate : null,
      decommissioningMeasures: type === 'decommissioning' ? resolution : null,
      recoveredGasDestination: type === 'decommissioning' ? (line.recoveryCylinderLot ?? resolution) : null,
    };
    await onLine(entry.path, () => register.insert(ctx.actor, record, ctx.lang));
  }
}

/** The postings of a completed activity (its record as completed, the action's resolution). */
export async function postCompletion(ctx: HookContext, activity: Row, resolution: string): Promise<void> {
  await postMaterials(ctx, activity);
  await postGas(ctx, activity);
  await registerGas(ctx, activity, resolution);
}

const RETRY_WINDOW_MS = 10 * 60_000;
const sameInstant = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && Date.parse(a) === Date.parse(b);

/**
 * Whether a refused `complete` is the retry of the one that completed the activity (docs/wire-contract.md#lifecycle-actions):
 * the same user completed it within the last ten minutes, from the version the retry sends, with the same input.
 */
export function isCompletionRetry(ctx: HookContext, current: Row, input: Row, version: number): boolean {
  return (
    current.status === 'completed' &&
    current.completedBy === ctx.actor.username &&
    typeof current.completedAt === 'string' &&
    Date.now() - Date.parse(current.completedAt) < RETRY_WINDOW_MS &&
    version === Number(current.version) - 1 &&
    sameInstant(current.actualStart, input.actualStart) &&
    sameInstant(current.actualEnd, input.actualEnd) &&
    current.resolution === input.resolution
  );
}

/**
 * Sending a completed job back (`requestChanges`) undoes its postings, so completing it again posts them
 * once (docs/domain.md#completion-postings): each `out` movement is reversed, and the register records not
 * yet communicated are withdrawn; a communicated one keeps the job completed (409 `fgasReported`).
 */
export async function undoCompletion(ctx: HookContext, activity: Row): Promise<void> {
  const { trx, actor } = ctx;
  const register = new Records(trx, fgasActivities, fgasHookMap[fgasActivities.name]);
  const records = (await dynamic(trx)
    .selectFrom(tableRef(fgasActivities))
    .select(['id', 'bancaDatiStatus'])
    .where('tenantId', '=', actor.tenant)
    .where('activityId', '=', String(activity.id))
    .execute()) as Row[];
  if (records.some((r) => r.bancaDatiStatus === 'reported'))
    throw ctx.conflict(
      ctx.issue('fgasMaterials', 'validation.wfm.fgasReported'),
      'A register record of the activity was communicated to the Banca Dati F-gas: correct it with a new record.',
    );
  for (const record of records) await register.remove(actor, String(record.id), ctx.lang);
  const posted = await trx
    .selectFrom('warehouse.movements')
    .select(['id', 'type', 'reversedMovementId'])
    .where('tenantId', '=', actor.tenant)
    .where('sourceType', '=', 'activity')
    .where('sourceId', '=', String(activity.id))
    .where('state', '=', 'done')
    .execute();
  const reversed = new Set(posted.map((m) => m.reversedMovementId).filter(Boolean));
  const ledger = new Records(trx, movements, movementHooks);
  for (const movement of posted.filter((m) => m.type === 'out' && !reversed.has(m.id)))
    await ledger.insert(
      actor,
      {
        type: 'reversal',
        state: 'done',
        date: new Date().toISOString(),
        reversedMovementId: movement.id,
        sourceType: 'activity',
        sourceId: activity.id,
        reason: activity.number,
      },
      ctx.lang,
    );
}
