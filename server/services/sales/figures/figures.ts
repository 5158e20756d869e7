import { sql } from 'kysely';
import instalments from '../../../../resources/sales/instalments';
import invoices from '../../../../resources/sales/invoices';
import quotes from '../../../../resources/sales/quotes';
import activities from '../../../../resources/wfm/activities';
import { decimal } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import { EXPIRING_DAYS, type CountAndAmount, type SalesFigures } from '../../../../resources/sales/figures';

export type { CountAndAmount, SalesFigures } from '../../../../resources/sales/figures';

/** Invoice statuses that count as turnover: issued, and issued then fully credited (the credit note subtracts). */
const TURNOVER_STATUSES = ['issued', 'cancelledByCreditNote'] as const;
const OPEN_INSTALMENTS = ['open', 'partiallyPaid'] as const;
const PIPELINE = ['draft', 'sent', 'accepted'] as const;

const money = (value: unknown) => decimal.round(value ?? '0', 2);
const countAndAmount = (row: { count: unknown; amount: unknown } | undefined): CountAndAmount => ({
  count: Number(row?.count ?? 0),
  amount: money(row?.amount),
});

/** `YYYY-MM-DD` plus whole days. */
export function plusDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The `months` calendar months ending with today's, oldest first, as `YYYY-MM`. */
export function lastMonths(today: string, months: number): string[] {
  const [year, month] = today.split('-').map(Number);
  return Array.from({ length: months }, (_, i) => {
    const at = new Date(Date.UTC(year, month - 1 - (months - 1 - i), 1));
    return at.toISOString().slice(0, 7);
  });
}

async function turnover(trx: Db, tenant: string, months: readonly string[]) {
  const from = `${months[0]}-01`;
  const until = plusDays(`${months[months.length - 1]}-01`, 31).slice(0, 7) + '-01';
  const rows = await trx
    .selectFrom(tableRef(invoices))
    .select((eb) => [
      sql<string>`to_char(${eb.ref('date')}, 'YYYY-MM')`.as('month'),
      eb.fn
        .sum<string>(
          eb
            .case()
            .when('documentType', '=', 'TD04')
            .then(sql<string>`-${eb.ref('totalTaxable')}`)
            .else(eb.ref('totalTaxable'))
            .end(),
        )
        .as('amount'),
    ])
    .where('tenantId', '=', tenant)
    .where('status', 'in', TURNOVER_STATUSES)
    .where('date', '>=', from)
    .where('date', '<', until)
    .groupBy(sql`1`)
    .execute();
  const byMonth = new Map(rows.map((r) => [r.month, r.amount]));
  return months.map((month) => ({ month, amount: money(byMonth.get(month)) }));
}

async function receivables(trx: Db, tenant: string, today: string) {
  const row = await trx
    .selectFrom(tableRef(instalments))
    .select((eb) => [
      eb.fn.countAll<string>().as('openCount'),
      eb.fn.sum<string>('outstandingAmount').as('openAmount'),
      eb.fn.sum<string>(eb.case().when('dueDate', '<', today).then(1).else(0).end()).as('overdueCount'),
      eb.fn
        .sum<string>(eb.case().when('dueDate', '<', today).then(eb.ref('outstandingAmount')).else(null).end())
        .as('overdueAmount'),
    ])
    .where('tenantId', '=', tenant)
    .where('status', 'in', OPEN_INSTALMENTS)
    .executeTakeFirst();
  return {
    open: countAndAmount({ count: row?.openCount, amount: row?.openAmount }),
    overdue: countAndAmount({ count: row?.overdueCount, amount: row?.overdueAmount }),
  };
}

async function quotePipeline(trx: Db, tenant: string, today: string) {
  const rows = await trx
    .selectFrom(tableRef(quotes))
    .select((eb) => ['status', eb.fn.countAll<string>().as('count'), eb.fn.sum<string>('totalDocument').as('amount')])
    .where('tenantId', '=', tenant)
    .where('status', 'in', PIPELINE)
    .groupBy('status')
    .execute();
  const expiring = await trx
    .selectFrom(tableRef(quotes))
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.sum<string>('totalDocument').as('amount')])
    .where('tenantId', '=', tenant)
    .where('status', '=', 'sent')
    .where('validUntil', '>=', today)
    .where('validUntil', '<=', plusDays(today, EXPIRING_DAYS))
    .executeTakeFirst();
  const of = (status: string) => countAndAmount(rows.find((r) => r.status === status));
  return { draft: of('draft'), sent: of('sent'), accepted: of('accepted'), expiring: countAndAmount(expiring) };
}

async function workToInvoice(trx: Db, tenant: string) {
  const work = await trx
    .selectFrom(tableRef(activities))
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.sum<string>('materialsTotal').as('amount')])
    .where('tenantId', '=', tenant)
    .where('status', '=', 'approved')
    .where('billingMode', '=', 'chargeable')
    .where('invoiceId', 'is', null)
    .executeTakeFirst();
  const drafts = await trx
    .selectFrom(tableRef(invoices))
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.sum<string>('totalDocument').as('amount')])
    .where('tenantId', '=', tenant)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return { activities: countAndAmount(work), draftInvoices: countAndAmount(drafts) };
}

/**
 * The office's figures of one tenant: a few aggregate queries on its own rows (docs/domain.md#figures).
 * `today` is Italy's calendar day.
 */
export async function salesFigures(trx: Db, tenant: string, today: string, months: number): Promise<SalesFigures> {
  return {
    today,
    turnover: await turnover(trx, tenant, lastMonths(today, months)),
    receivables: await receivables(trx, tenant, today),
    quotes: await quotePipeline(trx, tenant, today),
    toInvoice: await workToInvoice(trx, tenant),
  };
}
