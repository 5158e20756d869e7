import { sql } from 'kysely';
import instalments from '../../../../resources/sales/instalments';
import { AGEING_BUCKETS, type Ageing, type AgeingTotals } from '../../../../resources/sales/receivables';
import type { Db } from '../../../db/tables';

// The wire shape is declared with the definitions, for the Scadenzario screen too.
export {
  AGEING_BUCKETS,
  type Ageing,
  type AgeingBucket,
  type AgeingTotals,
  type CustomerAgeing,
} from '../../../../resources/sales/receivables';

const money = (expression: ReturnType<typeof sql>) => sql`coalesce(sum(${expression}), 0)::numeric(18,2)::text`;

/**
 * What customers still owe on open instalments, by how long past due on `asOf`, overall and per customer
 * (the largest debtors first, `limit` of them from `offset`): one query, sums exact as decimal strings.
 */
export async function ageing(
  trx: Db,
  tenant: string,
  options: { asOf: string; customerId?: string; limit: number; offset: number },
): Promise<Ageing> {
  const table = sql.table(`${instalments.service}.${instalments.table}`);
  const asOf = sql`${options.asOf}::date`;
  const late = sql`(${asOf} - i.due_date)`;
  const amount = sql`i.outstanding_amount`;
  const buckets = sql`
    ${money(sql`case when ${late} <= 0 then ${amount} end`)} as "notDue",
    ${money(sql`case when ${late} between 1 and 30 then ${amount} end`)} as "days0to30",
    ${money(sql`case when ${late} between 31 and 60 then ${amount} end`)} as "days31to60",
    ${money(sql`case when ${late} between 61 and 90 then ${amount} end`)} as "days61to90",
    ${money(sql`case when ${late} > 90 then ${amount} end`)} as "over90",
    ${money(amount)} as "total"`;
  const customer = options.customerId === undefined ? sql`true` : sql`i.customer_id = ${options.customerId}`;
  const open = sql`i.tenant_id = ${tenant} and i.status in ('open', 'partiallyPaid') and i.outstanding_amount > 0
    and ${customer}`;
  const { rows } = await sql<Record<string, string | number | null>>`
    with overall as (
      select ${buckets}, count(distinct i.customer_id)::int as "customerCount" from ${table} i where ${open}
    ),
    per_customer as (
      select i.customer_id as "customerId", max(i.customer_name) as "customerName", ${buckets}
      from ${table} i where ${open} group by i.customer_id
    )
    select o.*, p."customerId" as "c.id", p."customerName" as "c.name", p."notDue" as "c.notDue",
      p."days0to30" as "c.days0to30", p."days31to60" as "c.days31to60", p."days61to90" as "c.days61to90",
      p."over90" as "c.over90", p."total" as "c.total"
    from overall o
    left join lateral (
      select * from per_customer order by "total"::numeric desc, "customerId" limit ${options.limit} offset ${options.offset}
    ) p on true`.execute(trx);
  const first = rows[0] ?? {};
  const pick = (row: Record<string, unknown>, prefix: string) =>
    Object.fromEntries(
      [...AGEING_BUCKETS, 'total'].map((key) => [key, String(row[`${prefix}${key}`] ?? '0.00')]),
    ) as AgeingTotals;
  return {
    asOf: options.asOf,
    totals: pick(first, ''),
    customerCount: Number(first.customerCount ?? 0),
    customers: rows
      .filter((row) => row['c.id'] !== null && row['c.id'] !== undefined)
      .map((row) => ({
        customerId: String(row['c.id']),
        customerName: row['c.name'] === null ? null : String(row['c.name']),
        ...pick(row, 'c.'),
      })),
  };
}
