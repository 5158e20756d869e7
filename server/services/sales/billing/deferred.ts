import { sql } from 'kysely';
import invoices from '../../../../resources/sales/invoices';
import activities from '../../../../resources/wfm/activities';
import type {
  BillableActivity,
  DeferredCustomer,
  DeferredPreview,
  DeferredRunBody,
  DeferredRunResult,
} from '../../../../resources/sales/billing';
import { documentTotals } from '../../../../resources/sales/money-lines';
import { addDays, todayInItaly } from '../../../../resources/ticketing/recurrence';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import { withTenant } from '../../../db/tenancy';
import { HttpProblem } from '../../../http/errors';
import type { Actor, Row } from '../../../records';
import { activityLines, BillingProblem, completedOn, reportsOf } from './activity-lines';
import { createGeneratedInvoice, invoiceOfOrigin } from './invoices';
import { customerOf } from './pricing';

const ACTIVITIES = tableRef(activities);

export interface DeferredPeriod {
  periodStart: string;
  periodEnd: string;
  customerIds?: string[];
}

/** The origin key of a customer's deferred invoice for a period: one invoice per customer and period. */
export const deferredKey = (customerId: string, p: DeferredPeriod) =>
  `deferred:${customerId}:${p.periodStart}:${p.periodEnd}`;

/**
 * The activities a deferred invoice bills (docs/domain.md#invoicing-the-work): approved, chargeable, on no invoice,
 * their work ended within the period (days in Italy). With `lock`, the rows are locked for the transaction and those
 * another run holds are skipped, so two concurrent runs never bill the same activity.
 */
async function billableActivities(trx: Db, tenant: string, p: DeferredPeriod, lock: boolean): Promise<Row[]> {
  let query = trx
    .selectFrom(ACTIVITIES)
    .selectAll()
    .where('tenantId', '=', tenant)
    .where('status', '=', 'approved')
    .where('billingMode', '=', 'chargeable')
    .where('invoiceId', 'is', null)
    // A day of margin either side for the time zone; the exact Italian day is checked below.
    .where(sql<boolean>`coalesce(actual_end, completed_at) >= ${`${addDays(p.periodStart, -1)}T00:00:00Z`}`)
    .where(sql<boolean>`coalesce(actual_end, completed_at) < ${`${addDays(p.periodEnd, 2)}T00:00:00Z`}`)
    .orderBy('customerId')
    .orderBy('number')
    .orderBy('id');
  if (p.customerIds) query = query.where('customerId', 'in', p.customerIds.length > 0 ? p.customerIds : ['']);
  if (lock) query = query.forUpdate().skipLocked();
  const rows = (await query.execute()) as Row[];
  return rows.filter((row) => {
    const day = completedOn(row);
    return day !== null && day >= p.periodStart && day <= p.periodEnd;
  });
}

/** The invoices' date: the one asked for, else the period's last day, or today while the period is not over. */
const invoiceDate = (p: DeferredPeriod & { date?: string }) => {
  if (p.date) return p.date;
  const today = todayInItaly();
  return p.periodEnd < today ? p.periodEnd : today;
};

/** One customer's activities as a preview, or the problem that keeps them from being invoiced. */
async function customerWork(
  trx: Db,
  tenant: string,
  customerId: string,
  rows: Row[],
  date: string,
): Promise<{ customer: Row; work: DeferredCustomer }> {
  const customer = (await customerOf(trx, tenant, customerId)) ?? { id: customerId };
  const reports = await reportsOf(
    trx,
    tenant,
    rows.map((r) => String(r.id)),
  );
  const billable: BillableActivity[] = [];
  let problem: DeferredCustomer['problem'] = null;
  for (const row of rows) {
    try {
      billable.push(
        await activityLines(
          trx,
          tenant,
          customer,
          row,
          reports.filter((r) => r.activityId === row.id),
          date,
        ),
      );
    } catch (error) {
      if (!(error instanceof BillingProblem)) throw error;
      problem ??= { reason: error.reason, activityId: error.activityId };
    }
  }
  const totals = documentTotals(billable.flatMap((a) => a.lines));
  if (!problem && billable.every((a) => a.lines.length === 0)) problem = { reason: 'nothingToBill', activityId: null };
  return {
    customer,
    work: {
      customerId,
      customerName: String(customer.legalName ?? [customer.firstName, customer.lastName].filter(Boolean).join(' ')),
      activities: billable,
      totalTaxable: totals.taxable,
      totalVat: totals.vat,
      totalDocument: totals.total,
      problem,
    },
  };
}

const byCustomer = (rows: Row[]) => {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(String(row.customerId), [...(groups.get(String(row.customerId)) ?? []), row]);
  return groups;
};

/** What a deferred run would invoice, per customer (`GET /sales/api/billing/deferred/preview`). */
export async function deferredPreview(db: Db, tenant: string, p: DeferredPeriod): Promise<DeferredPreview> {
  return withTenant(db, tenant, async (trx) => {
    const date = invoiceDate(p);
    const customers: DeferredCustomer[] = [];
    for (const [customerId, rows] of byCustomer(await billableActivities(trx, tenant, p, false))) {
      const { work } = await customerWork(trx, tenant, customerId, rows, date);
      const existing = await invoiceOfOrigin(trx, tenant, deferredKey(customerId, p));
      if (!work.problem && existing && existing.status !== 'cancelled')
        work.problem = { reason: 'periodInvoiced', activityId: null };
      customers.push(work);
    }
    customers.sort((a, b) => a.customerName.localeCompare(b.customerName, 'it'));
    return { periodStart: p.periodStart, periodEnd: p.periodEnd, customers };
  });
}

type Outcome = { created: DeferredRunResult['created'][number] } | { skipped: DeferredRunResult['skipped'][number] };

/** The work reports of the billed activities as the invoice's DDT references (TD24), at most 50. */
function ddtRefs(work: DeferredCustomer): { ddtNumber: string; ddtDate: string }[] {
  const refs = work.activities.flatMap((a) =>
    a.workReports.length > 0
      ? a.workReports.map((r) => ({ ddtNumber: r.number.slice(0, 20), ddtDate: r.date }))
      : a.number
        ? [{ ddtNumber: a.number.slice(0, 20), ddtDate: a.completedOn }]
        : [],
  );
  const seen = new Set<string>();
  return refs.filter((r) => !seen.has(r.ddtNumber) && seen.add(r.ddtNumber)).slice(0, 50);
}

/** One customer's deferred invoice, in the caller's transaction, its activities locked and marked billed. */
async function billCustomer(
  trx: Db,
  actor: Actor,
  customerId: string,
  p: DeferredPeriod & { date?: string },
): Promise<Outcome> {
  const tenant = actor.tenant;
  const key = deferredKey(customerId, p);
  const existing = await invoiceOfOrigin(trx, tenant, key);
  if (existing && existing.status !== 'cancelled')
    return { skipped: { customerId, reason: 'periodInvoiced', activityId: null } };
  const rows = await billableActivities(trx, tenant, { ...p, customerIds: [customerId] }, true);
  if (rows.length === 0) return { skipped: { customerId, reason: 'busy', activityId: null } };
  const date = invoiceDate(p);
  const { customer, work } = await customerWork(trx, tenant, customerId, rows, date);
  if (work.problem) return { skipped: { customerId, ...work.problem } };
  // A cancelled draft of the same period gives its key up: the period is invoiced again.
  if (existing)
    await trx
      .updateTable(tableRef(invoices))
      .set({ originKey: null })
      .where('tenantId', '=', tenant)
      .where('id', '=', String(existing.id))
      .execute();
  const activityIds = work.activities.map((a) => a.id);
  const invoice = await createGeneratedInvoice(
    trx,
    actor,
    {
      documentType: 'TD24',
      date,
      customerId,
      periodStart: p.periodStart,
      periodEnd: p.periodEnd,
      lines: work.activities.flatMap((a) => a.lines),
      activityIds,
      ddtRefs: ddtRefs(work),
      paymentTermId: customer.paymentTermId ?? null,
      paymentMethod: customer.paymentMethod ?? null,
    },
    key,
  );
  await trx
    .updateTable(ACTIVITIES)
    .set({
      status: 'billed',
      invoiceId: String(invoice.id),
      billedAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      updatedBy: actor.username,
      version: sql`version + 1`,
    })
    .where('tenantId', '=', tenant)
    .where('id', 'in', activityIds)
    .execute();
  return { created: { invoiceId: String(invoice.id), customerId, activities: activityIds } };
}

/** Whether an error is the database refusing a second row with the same unique key (a concurrent run's). */
const isDuplicate = (error: unknown) =>
  (error as { code?: string } | null)?.code === '23505' || (error instanceof HttpProblem && error.status === 409);

/**
 * Deferred invoicing (`POST /sales/api/billing/deferred`, docs/domain.md#invoicing-the-work): one draft TD24 per
 * customer with billable work in the period, each customer in a transaction of its own so one customer's missing
 * price does not hold back the others.
 */
export async function billDeferred(db: Db, actor: Actor, body: DeferredRunBody): Promise<DeferredRunResult> {
  const customerIds = await withTenant(db, actor.tenant, async (trx) => [
    ...byCustomer(await billableActivities(trx, actor.tenant, body, false)).keys(),
  ]);
  const result: DeferredRunResult = { created: [], skipped: [] };
  for (const customerId of customerIds) {
    let outcome: Outcome;
    try {
      outcome = await withTenant(db, actor.tenant, (trx) => billCustomer(trx, actor, customerId, body));
    } catch (error) {
      if (isDuplicate(error)) outcome = { skipped: { customerId, reason: 'busy', activityId: null } };
      // The invoice's own checks refused the draft (an archived VAT rate, a blocked series): the others go on.
      else if (error instanceof HttpProblem && error.status < 500)
        outcome = { skipped: { customerId, reason: 'refused', activityId: null, detail: error.message } };
      else throw error;
    }
    if ('created' in outcome) result.created.push(outcome.created);
    else result.skipped.push(outcome.skipped);
  }
  return result;
}
