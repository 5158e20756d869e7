import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { storedFields, type ResourceDefinition } from '../../resources/schema';
import { tableRef } from '../db/derive';
import type { Scope } from './hooks';
import type { Condition, ListQuery } from './list-query';

/* eslint-disable @typescript-eslint/no-explicit-any -- tables derived from definitions have no static types */
type AnyDb = Kysely<any>;
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

/** `%` and `_` typed by a user are literal characters, not patterns. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Multi-value columns (enumList, references, tags): `in` means "has any of", `isNull` true means "has
 * none", `contains` (tags) "has an element containing the text". `type` is the column's own array type
 * from the definition (text[], uuid[]), so the overlap compares like with like.
 */
function arrayCondition(eb: Eb, c: Condition, type: string): Expression<SqlBool> | undefined {
  const column = eb.ref(c.field);
  if (c.operator === 'in') return sql<SqlBool>`${column} && cast(${c.value} as ${sql.raw(type)})`;
  if (c.operator === 'contains') {
    const pattern = `%${likeEscape(c.value)}%`;
    return sql<SqlBool>`exists (select 1 from unnest(${column}) as element(value) where element.value ilike ${pattern})`;
  }
  if (c.operator === 'isNull') {
    const empty = sql<SqlBool>`coalesce(cardinality(${column}), 0) = 0`;
    return c.value ? empty : eb.not(empty);
  }
  return undefined;
}

function condition(eb: Eb, def: ResourceDefinition, c: Condition): Expression<SqlBool> {
  if (c.operator === 'search') {
    const pattern = `%${likeEscape(c.value)}%`;
    return eb.or(c.fields.map((name) => eb(eb.ref(name), 'ilike', pattern)));
  }
  if (Object.hasOwn(def.fields, c.field) && def.fields[c.field].sql.endsWith('[]')) {
    const array = arrayCondition(eb, c, def.fields[c.field].sql);
    if (array) return array;
  }
  const column = eb.ref(c.field);
  switch (c.operator) {
    case 'eq':
      return eb(column, '=', c.value);
    case 'neq':
      // Rows without a value differ from any value: `<>` alone would drop them.
      return eb(column, 'is distinct from', c.value);
    case 'lt':
      return eb(column, '<', c.value);
    case 'lte':
      return eb(column, '<=', c.value);
    case 'gt':
      return eb(column, '>', c.value);
    case 'gte':
      return eb(column, '>=', c.value);
    case 'contains':
      return eb(column, 'ilike', `%${likeEscape(c.value)}%`);
    case 'startsWith':
      return eb(column, 'ilike', `${likeEscape(c.value)}%`);
    case 'in':
      return eb(column, 'in', c.value);
    case 'between':
      return eb.and([eb(column, '>=', c.value[0]), eb(column, '<=', c.value[1])]);
    case 'isNull':
      return c.value ? eb(column, 'is', null) : eb(column, 'is not', null);
  }
}

/** One page and the total, both always scoped to the tenant. */
export async function selectPage(
  db: AnyDb,
  def: ResourceDefinition,
  tenant: string,
  query: ListQuery,
  scope?: Scope,
): Promise<{ data: Record<string, unknown>[]; total: number }> {
  const where = (eb: Eb) =>
    eb.and([
      eb('tenantId', '=', tenant),
      ...(scope ? [scope(eb)] : []),
      ...query.conditions.map((c) => condition(eb, def, c)),
    ]);
  const base = db.selectFrom(tableRef(def)).where(where);
  const [rows, count] = await Promise.all([
    base
      .select(recordColumns(def))
      // Empty values last in both directions: a list sorted by name should not open on blanks.
      .orderBy(query.sort.field, (ob) => (query.sort.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      // A unique tie-breaker keeps pages stable when many rows share the sort value.
      .orderBy('id', 'asc')
      .limit(query.pageSize)
      .offset(query.page * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows, total: Number(count.total) };
}

export async function selectOne(db: AnyDb, def: ResourceDefinition, tenant: string, id: string, scope?: Scope) {
  return (await db
    .selectFrom(tableRef(def))
    .select(recordColumns(def))
    .where('tenantId', '=', tenant)
    .where('id', '=', id)
    .$if(scope !== undefined, (qb) => qb.where((eb) => scope!(eb)))
    .executeTakeFirst()) as Record<string, unknown> | undefined;
}
