import workReports from '../../../../resources/sales/work-reports';
import type { BillableActivity, BillingLine, SkipReason } from '../../../../resources/sales/billing';
import { documentTotals } from '../../../../resources/sales/money-lines';
import { decimal } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import type { Row } from '../../../records';
import { lineVat } from '../prices/vat';
import { labourProduct, listPrice, productOf, productOfItem } from './pricing';

/** Time entry kinds that are hours of work on the job; travel and standby are not billed as labour. */
const LABOUR_KINDS = new Set(['work', 'overtime', 'night', 'holiday']);

const ROME_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day an instant falls on in Italy. */
export function italianDay(instant: unknown): string | null {
  if (typeof instant !== 'string' && !(instant instanceof Date)) return null;
  const at = new Date(instant);
  return Number.isNaN(at.getTime()) ? null : ROME_DAY.format(at);
}

/** The day an activity's work ended: its actual end, else its completion. */
export const completedOn = (activity: Row): string | null =>
  italianDay(activity.actualEnd) ?? italianDay(activity.completedAt);

/** A problem that keeps an activity (and so its customer's invoice) from being billed. */
export class BillingProblem extends Error {
  constructor(
    readonly reason: SkipReason,
    readonly activityId: string | null,
  ) {
    super(reason);
  }
}

/**
 * The work reports of some activities, oldest first. Drafts count too: the report made from a completed activity
 * is a draft until the customer signs, and the office approved the activity's work after reading it.
 */
export async function reportsOf(trx: Db, tenant: string, activityIds: string[]): Promise<Row[]> {
  if (activityIds.length === 0) return [];
  return (await trx
    .selectFrom(tableRef(workReports))
    .select(['activityId', 'number', 'date', 'timeEntries'])
    .where('tenantId', '=', tenant)
    .where('activityId', 'in', activityIds)
    .orderBy('date')
    .orderBy('number')
    .execute()) as Row[];
}

/** Hours of work: the labour entries of its work reports, else the minutes clocked, else the actual start to end. */
function hoursOf(activity: Row, reports: Row[]): string {
  if (reports.length > 0) {
    const entries = reports.flatMap((r) => (Array.isArray(r.timeEntries) ? (r.timeEntries as Row[]) : []));
    return decimal.sumOf(
      entries.filter((e) => LABOUR_KINDS.has(String(e.kind ?? 'work'))),
      'hours',
    );
  }
  if (decimal.compare(activity.workedMinutes ?? 0, 0) > 0)
    return decimal.round(decimal.dec(activity.workedMinutes).div(60), 2);
  // Neither a report nor the clock: the time the job took, as recorded on completion.
  const start = Date.parse(String(activity.actualStart ?? ''));
  const end = Date.parse(String(activity.actualEnd ?? ''));
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return '0.00';
  return decimal.round(decimal.dec(Math.round((end - start) / 60_000)).div(60), 2);
}

const customerDiscount = (customer: Row) =>
  typeof customer.discountPercent === 'string' && decimal.compare(customer.discountPercent, 0) > 0
    ? customer.discountPercent
    : null;

const describe = (activity: Row, what: unknown) =>
  `Intervento ${String(activity.number ?? '')} – ${String(what ?? '')}`.slice(0, 1000);

/**
 * An approved activity as invoice lines (docs/domain.md#invoicing-the-work): each billable material at the price
 * stored on the activity or else the product's list price, and its hours at the tenant's labour product; every
 * line's description names the activity's number. Throws a BillingProblem when a price is missing.
 */
export async function activityLines(
  trx: Db,
  tenant: string,
  customer: Row,
  activity: Row,
  reports: Row[],
  date: string,
): Promise<BillableActivity> {
  const id = String(activity.id);
  const lines: BillingLine[] = [];
  const materials = (Array.isArray(activity.materials) ? activity.materials : []) as Row[];
  for (const material of materials.filter((m) => m.billable !== false)) {
    const product =
      typeof material.productId === 'string'
        ? await productOf(trx, tenant, material.productId)
        : typeof material.itemId === 'string'
          ? await productOfItem(trx, tenant, material.itemId)
          : undefined;
    const quantity = decimal.round(material.quantity, 3);
    const stored = typeof material.unitPrice === 'string' ? material.unitPrice : null;
    const unitPrice = stored ?? (product ? await listPrice(trx, tenant, product, customer, date, quantity) : null);
    if (unitPrice === null) throw new BillingProblem('noPrice', id);
    lines.push({
      productId: product ? String(product.id) : null,
      code: product ? String(product.code) : null,
      description: describe(activity, material.description ?? product?.name),
      quantity,
      uom: typeof material.uom === 'string' ? material.uom : product ? String(product.uom) : null,
      unitPrice,
      // A price taken from the list gets the customer's discount, as a priced line on the activity already has its own.
      discountPercent:
        typeof material.discountPercent === 'string'
          ? material.discountPercent
          : stored
            ? null
            : customerDiscount(customer),
      ...(await lineVat(trx, tenant, customer, product?.vatRateId)),
    });
  }
  const hours = hoursOf(activity, reports);
  if (decimal.compare(hours, 0) > 0) {
    const labour = await labourProduct(trx, tenant);
    if (!labour) throw new BillingProblem('noLabourProduct', id);
    const unitPrice = await listPrice(trx, tenant, labour, customer, date, hours);
    if (unitPrice === null) throw new BillingProblem('noPrice', id);
    lines.push({
      productId: String(labour.id),
      code: String(labour.code),
      description: describe(activity, labour.name),
      quantity: hours,
      uom: String(labour.uom),
      unitPrice,
      discountPercent: customerDiscount(customer),
      ...(await lineVat(trx, tenant, customer, labour.vatRateId)),
    });
  }
  return {
    id,
    number: typeof activity.number === 'string' ? activity.number : null,
    title: String(activity.title ?? ''),
    completedOn: completedOn(activity) ?? date,
    lines,
    amount: documentTotals(lines).taxable,
    workReports: reports.map((r) => ({ number: String(r.number), date: String(r.date) })),
  };
}
