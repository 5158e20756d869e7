import { sql, type ExpressionBuilder } from 'kysely';
import { storedFields, type ResourceDefinition } from '../../resources/schema';
import { tableRef } from '../db/derive';
import type { DynamicDb } from '../db/tables';
import type { Scope } from './hooks';
import type { ListQuery } from './list-query';
import { BOUNDED_COLUMN, pageTotal, withBoundedCount, type ListAnswer } from './totals';
import { conditionOf } from './where';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a definition's table, named at run time
type Eb = ExpressionBuilder<any, any>;

const SYSTEM_COLUMNS = ['id', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy', 'version'];

/** The columns of a record on the wire: never tenant_id, never a write-only field. */
export function recordColumns(def: ResourceDefinition): string[] {
  return ['id', ...storedFields(def).map(([name]) => name), ...SYSTEM_COLUMNS.slice(1)];
}

/** Values bound for JSON columns go through text: PGlite would JSON-encode a string bound as jsonb again. */
export function columnValue(def: ResourceDefinition, name: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const field = def.fields[name];
  if (field && (field.sql === 'jsonb' || field.sql === 'json'))
    return sql`cast(${JSON.stringify(value)}::text as jsonb)`;
  return value;
}

/**
 * The page's query and the total's, both always scoped to the tenant (exported for the index tests). The page
 * reads one row past its size: whether another page follows is then known without counting.
 */
export function listQueries(db: DynamicDb, def: ResourceDefinition, tenant: string, query: ListQuery, scope?: Scope) {
  const where = (eb: Eb) =>
    eb.and([
      eb('tenantId', '=', tenant),
      ...(scope ? [scope(eb)] : []),
      // Derived tables: `q` reads the table's trigram index (where.ts).
      ...query.conditions.map((c) => conditionOf(eb, def, c, true)),
    ]);
  const base = db.selectFrom(tableRef(def)).where(where);
  return {
    page: base
      .select(pageColumns(def, query))
      // Empty values last in both directions: a list sorted by name should not open on blanks.
      // The derived sort indexes (server/db/indexes.ts) match this order exactly.
      .orderBy(query.sort.field, (ob) => (query.sort.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      // A unique tie-breaker keeps pages stable when many rows share the sort value.
      .orderBy('id', 'asc')
      .limit(query.pageSize + 1)
      .offset(query.page * query.pageSize),
    total: base.select((eb) => eb.fn.countAll().as('total')),
    /** The matching rows, each as `1`: counted up to a bound (totals.ts), planned for an estimate. */
    matches: base.select(sql<number>`1`.as('one')),
  };
}

/**
 * The columns a page reads: the whole record, or the fields asked for (`options[fields]`) and the owner field
 * the private-field rule needs to tell the actor's own records (private-fields.ts trims it off again).
 */
function pageColumns(def: ResourceDefinition, query: ListQuery): string[] {
  if (!query.fields) return recordColumns(def);
  const owner = def.privateFields?.ownRecord;
  return [...new Set([...query.fields, ...(owner ? [owner] : [])])];
}

/**
 * One page and what the query asks of its total (docs/wire-contract.md#totals), always scoped to the tenant.
 * The page is read first: most pages tell their total by themselves (totals.ts).
 */
export async function selectPage(
  db: DynamicDb,
  def: ResourceDefinition,
  tenant: string,
  query: ListQuery,
  scope?: Scope,
): Promise<ListAnswer> {
  const queries = listQueries(db, def, tenant, query, scope);
  const rows = (await withBoundedCount(db, queries, query).execute()) as Record<string, unknown>[];
  const carried = rows.length > 0 && BOUNDED_COLUMN in rows[0] ? Number(rows[0][BOUNDED_COLUMN]) : undefined;
  if (carried !== undefined) for (const row of rows) delete row[BOUNDED_COLUMN];
  const more = rows.length > query.pageSize;
  const data = more ? rows.slice(0, query.pageSize) : rows;
  if (query.total === 'none') return { data, pageInfo: { hasNextPage: more, hasPreviousPage: query.page > 0 } };
  return { data, ...(await pageTotal(db, queries, query, data.length, more, carried)) };
}

/** The exact count of a list's matches: the same conditions, scope and tenant as its pages. */
export async function selectCount(
  db: DynamicDb,
  def: ResourceDefinition,
  tenant: string,
  query: ListQuery,
  scope?: Scope,
): Promise<number> {
  const count = (await listQueries(db, def, tenant, query, scope).total.executeTakeFirstOrThrow()) as {
    total: unknown;
  };
  return Number(count.total);
}

export async function selectOne(db: DynamicDb, def: ResourceDefinition, tenant: string, id: string, scope?: Scope) {
  return (await db
    .selectFrom(tableRef(def))
    .select(recordColumns(def))
    .where('tenantId', '=', tenant)
    .where('id', '=', id)
    .$if(scope !== undefined, (qb) => qb.where((eb) => scope!(eb)))
    .executeTakeFirst()) as Record<string, unknown> | undefined;
}
