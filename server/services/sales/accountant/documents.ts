import type { Db } from '../../../db/tables';
import type { Row } from '../fatturapa/parties';
import type { Period } from './period';

/**
 * The fiscal documents of a period (docs/domain.md#exports-for-the-accountant): issued invoices and notes,
 * including those a credit note later cancelled (they were issued and stay in the register); never a draft nor
 * a draft that was cancelled, which have no number.
 */
export const REGISTERED_STATUSES = ['issued', 'cancelledByCreditNote'] as const;

/** Beyond this many documents an export asks for a shorter period (it is built in memory). */
export const MAX_DOCUMENTS = 5000;

/** One document of the period with what the exports print beside it. */
export interface PeriodDocument {
  invoice: Row;
  /** The customer as it is now (the XML reads it the same way), absent if it was deleted. */
  customer: Row | undefined;
  /** The code of its numbering series (sezionale). */
  seriesCode: string;
}

/** How many documents the period holds, to refuse an export too large before building it. */
export async function countPeriodDocuments(trx: Db, tenant: string, period: Period): Promise<number> {
  const row = await trx
    .selectFrom('sales.invoices')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('tenantId', '=', tenant)
    .where('status', 'in', REGISTERED_STATUSES)
    .where('date', '>=', period.from)
    .where('date', '<=', period.to)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The tenant's documents dated in the period, in number order per series (series code, year, number), as the
 * register lists them; with their customers and series read in two more queries, not one per document.
 */
export async function periodDocuments(trx: Db, tenant: string, period: Period): Promise<PeriodDocument[]> {
  const invoices = (await trx
    .selectFrom('sales.invoices as i')
    .leftJoin('sales.numberingSeries as s', (join) =>
      join.onRef('s.id', '=', 'i.seriesId').onRef('s.tenantId', '=', 'i.tenantId'),
    )
    .selectAll('i')
    .select('s.code as seriesCode')
    .where('i.tenantId', '=', tenant)
    .where('i.status', 'in', REGISTERED_STATUSES)
    .where('i.date', '>=', period.from)
    .where('i.date', '<=', period.to)
    .orderBy('s.code')
    .orderBy('i.year')
    .orderBy('i.number')
    .orderBy('i.id')
    .execute()) as Row[];
  const customerIds = [...new Set(invoices.map((i) => i.customerId).filter((id) => typeof id === 'string'))];
  const customers =
    customerIds.length === 0
      ? []
      : ((await trx
          .selectFrom('sales.customers')
          .selectAll()
          .where('tenantId', '=', tenant)
          .where('id', 'in', customerIds)
          .execute()) as Row[]);
  const byId = new Map(customers.map((c) => [String(c.id), c]));
  return invoices.map(({ seriesCode, ...invoice }) => ({
    invoice,
    customer: byId.get(String(invoice.customerId)),
    seriesCode: typeof seriesCode === 'string' ? seriesCode : '',
  }));
}
