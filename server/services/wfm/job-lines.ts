import products from '../../../resources/sales/products';
import { decimal, todayInItaly, type FieldIssue } from '../../../resources/schema';
import items from '../../../resources/wh/items';
import machines from '../../../resources/wfm/machines';
import technicians from '../../../resources/wfm/technicians';
import { fitsUnit } from '../../../resources/wh/shared';
import { issue, type HookContext, type Row } from '../../records';
import { priceFor } from '../sales/prices/price-for';
import { rowOf } from './references';
import { actingTechnicianId } from './work-time';

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** A quantity as people read it: no trailing zeros, Italian decimal comma ("2,5", "10"). */
export function formatQuantity(value: unknown, lang: string): string {
  const text = decimal.dec(value ?? 0).toFixed();
  return lang === 'it' ? text.replace('.', ',') : text;
}

/**
 * The price a blank material line takes: the customer's, as the office's price lookup gives it
 * (docs/domain.md#payment-terms-and-price-lists), on the day the work is planned for (today when unplanned),
 * with the customer's discount when the line names none.
 */
async function priceOfMaterial(
  ctx: HookContext,
  activity: Row,
  productId: unknown,
  quantity: unknown,
): Promise<{ unitPrice: string | null; discountPercent: string | null }> {
  if (typeof productId !== 'string') return { unitPrice: null, discountPercent: null };
  const exists = await rowOf(ctx.trx, products, ctx.actor.tenant, productId, ['id']);
  if (!exists) return { unitPrice: null, discountPercent: null };
  const start = activity.scheduledStart;
  const planned = typeof start === 'string' || start instanceof Date ? todayInItaly(new Date(start)) : null;
  const quote = await priceFor(ctx.trx, ctx.actor.tenant, {
    productId,
    customerId: typeof activity.customerId === 'string' ? activity.customerId : null,
    date: planned ?? todayInItaly(),
    ...(blank(quantity) ? {} : { quantity: String(quantity) }),
  });
  return { unitPrice: quote.priceListId ? quote.unitPrice : null, discountPercent: quote.discountPercent };
}

/** The van of whoever records the job (docs/domain.md#technician-edits): the acting technician's, else the lead's. */
export async function vanOf(ctx: HookContext, activity: Row): Promise<string | null> {
  const technicianId = await actingTechnicianId(ctx, activity as never);
  const technician = await rowOf(ctx.trx, technicians, ctx.actor.tenant, technicianId, ['vanWarehouseId']);
  return (technician?.vanWarehouseId as string | null | undefined) ?? null;
}

/**
 * Material lines as the server completes them: an item line takes the item's unit, and its name, product
 * and product price when those are blank; the source warehouse defaults to the van.
 */
async function fillMaterials(ctx: HookContext, lines: Row[], activity: Row): Promise<Row[]> {
  const needsVan = lines.some((line) => !blank(line.itemId) && blank(line.sourceWarehouseId));
  const van = needsVan ? await vanOf(ctx, activity) : null;
  const out: Row[] = [];
  const issues: FieldIssue[] = [];
  for (const [i, line] of lines.entries()) {
    if (blank(line.itemId)) {
      out.push(line);
      continue;
    }
    const item = await rowOf(ctx.trx, items, ctx.actor.tenant, line.itemId, ['name', 'uom', 'productId']);
    if (!item) {
      out.push(line);
      continue;
    }
    if (!fitsUnit(line.quantity, item.uom))
      issues.push(issue(`materials.${i}.quantity`, 'validation.wfm.wholePieces', { uom: String(item.uom) }));
    const productId = blank(line.productId) ? ((item.productId as string | null) ?? null) : line.productId;
    const price = blank(line.unitPrice) ? await priceOfMaterial(ctx, activity, productId, line.quantity) : undefined;
    out.push({
      ...line,
      productId,
      description: blank(line.description) ? item.name : line.description,
      // Stock moves in the item's unit: a line of it counts in that unit (docs/domain.md#technician-edits).
      uom: item.uom,
      unitPrice: price ? price.unitPrice : line.unitPrice,
      discountPercent: price && blank(line.discountPercent) ? price.discountPercent : line.discountPercent,
      sourceWarehouseId: blank(line.sourceWarehouseId) ? van : line.sourceWarehouseId,
    });
  }
  ctx.refuse(issues);
  return out;
}

/**
 * F-gas lines against their machine: the gas is the machine's refrigerant, and the gas added to one
 * machine on the job stays within its charge (docs/domain.md#technician-edits).
 */
async function checkGasLines(ctx: HookContext, lines: Row[]): Promise<void> {
  const issues: FieldIssue[] = [];
  const added = new Map<string, ReturnType<typeof decimal.dec>>();
  for (const [i, line] of lines.entries()) {
    const machine = await rowOf(ctx.trx, machines, ctx.actor.tenant, line.machineId, [
      'refrigerantId',
      'refrigerantChargeKg',
    ]);
    if (!machine) continue;
    if (machine.refrigerantId !== line.refrigerantId)
      issues.push(issue(`fgasMaterials.${i}.refrigerantId`, 'validation.wfm.notMachineGas'));
    const total = (added.get(String(line.machineId)) ?? decimal.dec(0)).plus(decimal.dec(line.quantityAddedKg ?? 0));
    added.set(String(line.machineId), total);
    if (!blank(machine.refrigerantChargeKg) && total.gt(decimal.dec(machine.refrigerantChargeKg)))
      issues.push(
        issue(`fgasMaterials.${i}.quantityAddedKg`, 'validation.wfm.aboveCharge', {
          charge: formatQuantity(machine.refrigerantChargeKg, ctx.lang),
        }),
      );
  }
  ctx.refuse(issues);
}

/** The job's lines of a create or update, completed and checked; `activity` is the record as it will be. */
export async function prepareJobLines(ctx: HookContext, changes: Row, activity: Row): Promise<Row> {
  const out: Row = {};
  if (Array.isArray(changes.materials)) out.materials = await fillMaterials(ctx, changes.materials as Row[], activity);
  if (Array.isArray(changes.fgasMaterials)) await checkGasLines(ctx, changes.fgasMaterials as Row[]);
  return out;
}
