import { sql, type ExpressionBuilder } from 'kysely';
import { storedFields, type ResourceDefinition } from '../../resources/schema';
import { tableRef } from '../db/derive';
import type { DynamicDb } from '../db/tables';
import type { Scope } from './hooks';
import type { ListQuery } from './list-query';
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

/** The page's query and the total's, both always scoped to the tenant (exported for the index tests). */
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
      .select(recordColumns(def))
      // Empty values last in both directions: a list sorted by name should not open on blanks.
      // The derived sort indexes (server/db/indexes.ts) match this order exactly.
      .orderBy(query.sort.field, (ob) => (query.sort.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      // A unique tie-breaker keeps pages stable when many rows share the sort value.
      .orderBy('id', 'asc')
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    total: base.select((eb) => eb.fn.countAll().as('total')),
  };
}

/**
 * The total a page already tells, exactly, without counting (docs/wire-contract.md#totals): a page that is not
 * full is the last one; a first page holding every id an `id in` (or `id eq`) condition allows holds every
 * match (react-admin's getMany). Otherwise undefined: only a count knows.
 */
export function totalFromPage(query: ListQuery, rows: number): number | undefined {
  if (rows > 0 && rows < query.pageSize) return query.page * query.pageSize + rows;
  if (query.page !== 0) return undefined;
  if (rows === 0) return 0;
  const bounds = query.conditions.flatMap((c) =>
    c.field !== 'id' ? [] : c.operator === 'in' ? [c.value.length] : c.operator === 'eq' ? [1] : [],
  );
  return bounds.length > 0 && Math.min(...bounds) <= query.pageSize ? rows : undefined;
}

/**
 * One page and the total, both always scoped to the tenant. The page is read first: a short page or a lookup
 * by ids gives the exact total by itself, so only a full page (or one past the end) pays for a count.
 */
export async function selectPage(
  db: DynamicDb,
  def: ResourceDefinition,
  tenant: string,
  query: ListQuery,
  scope?: Scope,
): Promise<{ data: Record<string, unknown>[]; total: number }> {
  const queries = listQueries(db, def, tenant, query, scope);
  const rows = await queries.page.execute();
  const known = totalFromPage(query, rows.length);
  if (known !== undefined) return { data: rows, total: known };
  const count = await queries.total.executeTakeFirstOrThrow();
  return { data: rows, total: Number(count.total) };
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
