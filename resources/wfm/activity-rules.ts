import { decimal, type Rule } from '../schema';
import { fitsUnit } from '../wh/shared';
import type { Activity } from './activities';
import { after, blank, issue } from './shared';

/** Cross-field rules of an activity (docs/domain.md#activities), judged on the whole record. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** With more than one technician a lead is required, and the lead is always one of the technicians. */
const lead: Rule<Activity> = (a) => {
  const team = a.technicianIds ?? [];
  if (blank(a.leadTechnicianId)) return team.length > 1 ? [issue('leadTechnicianId', 'validation.required')] : [];
  return team.includes(a.leadTechnicianId!) ? [] : [issue('leadTechnicianId', 'leadNotInTeam')];
};

/** Work with a slot has someone to do it; unassigned work has no slot yet (the planner's queue). */
const assignedWhenPlanned: Rule<Activity> = (a) =>
  !blank(a.scheduledStart) && (a.technicianIds ?? []).length === 0
    ? [issue('technicianIds', 'validation.required')]
    : [];

/** A planned slot has both ends, and lasts at most a day (multi-day work is several activities). */
const slot: Rule<Activity> = (a) => {
  if (blank(a.scheduledStart) !== blank(a.scheduledEnd))
    return [issue(blank(a.scheduledStart) ? 'scheduledStart' : 'scheduledEnd', 'validation.required')];
  if (blank(a.scheduledStart)) return [];
  const length = new Date(a.scheduledEnd!).getTime() - new Date(a.scheduledStart!).getTime();
  return length > DAY_MS ? [issue('scheduledEnd', 'slotTooLong')] : [];
};

/** Work actually done has both ends, and not in the future. */
const actual: Rule<Activity> = (a) => {
  if (blank(a.actualStart) !== blank(a.actualEnd))
    return [issue(blank(a.actualStart) ? 'actualStart' : 'actualEnd', 'validation.required')];
  const late = (value: string | null) => value !== null && new Date(value).getTime() > Date.now() + 5 * 60_000;
  return (['actualStart', 'actualEnd'] as const)
    .filter((name) => late(a[name]))
    .map((name) => issue(name, 'notInFuture'));
};

/**
 * A material line names the stocked item or the product it is, in a quantity its unit can count (an item
 * line takes the item's unit, so the wfm hooks judge it once they know that unit).
 */
const materials: Rule<Activity> = (a) =>
  (a.materials ?? []).flatMap((line, i) => [
    ...(blank(line.itemId) && blank(line.productId)
      ? [issue(`materials.${i}.itemId`, 'validation.oneOfRequired', { fields: 'itemId, productId' })]
      : []),
    ...(blank(line.uom) ? [issue(`materials.${i}.uom`, 'validation.required')] : []),
    ...(!blank(line.itemId) || fitsUnit(line.quantity, line.uom)
      ? []
      : [issue(`materials.${i}.quantity`, 'wholePieces', { uom: String(line.uom) })]),
  ]);

const positive = (v: unknown) => !blank(v) && decimal.compare(v, 0) > 0;

/**
 * An F-gas material line is about one of the activity's machines and moves some gas: added gas comes
 * from a cylinder (item and lot) and says its origin, recovered gas goes into a recovery cylinder.
 */
const fgasMaterials: Rule<Activity> = (a) =>
  (a.fgasMaterials ?? []).flatMap((line, i) => {
    const at = (field: string) => `fgasMaterials.${i}.${field}`;
    const issues = [];
    if (line.machineId && !(a.machineIds ?? []).includes(line.machineId))
      issues.push(issue(at('machineId'), 'machineNotOnActivity'));
    if (line.technicianId && !(a.technicianIds ?? []).includes(line.technicianId))
      issues.push(issue(at('technicianId'), 'technicianNotOnActivity'));
    const added = positive(line.quantityAddedKg);
    const recovered = positive(line.quantityRecoveredKg);
    if (!added && !recovered) issues.push(issue(at('quantityAddedKg'), 'noGasMoved'));
    if (added && blank(line.cylinderItemId)) issues.push(issue(at('cylinderItemId'), 'validation.required'));
    if (added && blank(line.cylinderLot)) issues.push(issue(at('cylinderLot'), 'validation.required'));
    if (added && blank(line.addedGasOrigin)) issues.push(issue(at('addedGasOrigin'), 'validation.required'));
    if (recovered && blank(line.recoveryCylinderLot))
      issues.push(issue(at('recoveryCylinderLot'), 'validation.required'));
    return issues;
  });

export const activityRules: readonly Rule<Activity>[] = [
  lead,
  slot,
  assignedWhenPlanned,
  after<Activity>('scheduledEnd', 'scheduledStart'),
  actual,
  after<Activity>('actualEnd', 'actualStart'),
  materials,
  fgasMaterials,
];
