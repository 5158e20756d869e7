import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ResourceDefinition } from '../../resources/schema';
import { searchableFields, searchExpression, searchFunctionName, SEARCH_SEPARATOR } from '../db/indexes';
import type { Condition } from './list-query';

/* eslint-disable @typescript-eslint/no-explicit-any -- a checked condition names a column of any table */
type Eb = ExpressionBuilder<any, any>;

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

/**
 * `q`: the searchable columns joined by a separator, matched with one ILIKE — the same rows as an ILIKE per
 * column, since no match can span the separator. On a derived table (`indexed`) searching all its searchable
 * fields, the ids come from the table's search function, which reads the trigram index
 * (docs/architecture.md#derived-indexes); a text holding the separator itself is matched column by column.
 */
function searchCondition(
  eb: Eb,
  def: ResourceDefinition,
  c: Extract<Condition, { operator: 'search' }>,
  indexed: boolean,
): Expression<SqlBool> {
  const pattern = `%${likeEscape(c.value)}%`;
  if (c.value.includes(SEARCH_SEPARATOR)) return eb.or(c.fields.map((name) => eb(eb.ref(name), 'ilike', pattern)));
  const all = searchableFields(def);
  if (indexed && all.length === c.fields.length && all.every((name, i) => c.fields[i] === name))
    return sql<SqlBool>`${eb.ref('id')} = any(array(select ${sql.raw(searchFunctionName(def))}(${pattern})))`;
  return sql<SqlBool>`(${sql.raw(searchExpression(def, c.fields))}) ilike ${pattern}`;
}

/**
 * The one translation of a checked list condition (list-query.ts) into SQL, for the generic records
 * and for the stores that keep their own tables (notifications). `def` tells array columns apart.
 */
export function conditionOf<DB, TB extends keyof DB>(
  builder: ExpressionBuilder<DB, TB>,
  def: ResourceDefinition,
  c: Condition,
  /** The table is derived from `def` (derive.ts), so its search function exists. */
  indexed = false,
): Expression<SqlBool> {
  // The field was checked against the definition: its column exists, whatever the static table type says.
  const eb = builder as unknown as Eb;
  if (c.operator === 'search') return searchCondition(eb, def, c, indexed);
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
