import { createHash } from 'node:crypto';
import { storedFields, SYSTEM_FIELD_CAPS, type ResourceDefinition } from '../../resources/schema';
import { columnName, quote, schemaName } from './names';
import { APP_ROLE } from './tenancy';

/*
 * The indexes derived from a definition (docs/architecture.md#derived-indexes). Every list query is
 * `tenant_id = $1 and …` under row-level security, so each index leads with tenant_id. Only what a list
 * can ask for is indexed: the default sort, newest first, the list's declared filters and the reference fields
 * (related lists ask `target = id`), each when its column is scalar and its equality is leakproof; the
 * planner may not use a leaky operator (numeric, array overlap, ILIKE) as an index condition under row-level
 * security, so an index on those would cost writes and never serve a list.
 */

/** Column types whose comparison operators PostgreSQL marks leakproof (usable as index conditions under RLS). */
const INDEXABLE_TYPES = new Set(['text', 'uuid', 'date', 'timestamptz', 'integer', 'bigint', 'boolean']);

/**
 * Between the searched columns, so a match never spans two of them; a searched text holding it is matched
 * column by column instead (where.ts).
 */
export const SEARCH_SEPARATOR = '\u001f';

/**
 * PostgreSQL truncates identifiers at 63 bytes: a long name keeps its start and gets a hash of the whole,
 * so two indexes never collide after truncation and the name stays the same on every start.
 */
export function indexName(...parts: string[]): string {
  const name = parts.join('_');
  if (name.length <= 63) return name;
  return `${name.slice(0, 54)}_${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
}

const SYSTEM_TYPES: Record<string, string> = {
  id: 'uuid',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
  createdBy: 'text',
  updatedBy: 'text',
  version: 'integer',
};

function columnType(def: ResourceDefinition, name: string): string | undefined {
  if (Object.hasOwn(def.fields, name)) return def.fields[name].writeOnly ? undefined : def.fields[name].sql;
  if (!(name in SYSTEM_FIELD_CAPS)) return undefined;
  return SYSTEM_TYPES[name];
}

/** The fields whose `(tenant_id, column)` index serves a filter: declared list filters and references. */
export function filterIndexFields(def: ResourceDefinition): string[] {
  const stored = new Set(storedFields(def).map(([name]) => name));
  const wanted = [
    ...(def.views.list.filters ?? []).filter((name) => name !== 'q'),
    ...Object.entries(def.fields)
      .filter(([, field]) => field.kind === 'reference')
      .map(([name]) => name),
  ];
  return [...new Set(wanted)].filter(
    (name) =>
      name !== 'id' &&
      (stored.has(name) || name in SYSTEM_FIELD_CAPS) &&
      INDEXABLE_TYPES.has(columnType(def, name) ?? ''),
  );
}

/** The searched expression of a table: its searchable columns joined by the separator (where.ts searches it). */
export function searchExpression(def: ResourceDefinition, fields: readonly string[]): string {
  const parts = fields.map((name) => {
    const column = quote(columnName(name));
    return `coalesce(${def.fields[name].sql === 'text' ? column : `${column}::text`}, '')`;
  });
  return parts.join(` || E'\\x1f' || `);
}

/** The searchable fields of a definition, in declaration order: the indexed expression's columns. */
export function searchableFields(def: ResourceDefinition): string[] {
  return storedFields(def)
    .filter(([, field]) => field.searchable)
    .map(([name]) => name);
}

/** The function serving `q` through the trigram index (see searchFunctionStatements). */
export function searchFunctionName(def: ResourceDefinition): string {
  return `${quote(schemaName(def.service))}.${quote(indexName(def.table, 'search'))}`;
}

/** Index DDL of one definition, idempotent. */
export function indexStatements(def: ResourceDefinition): string[] {
  const schema = quote(schemaName(def.service));
  const table = `${schema}.${quote(def.table)}`;
  const statements: string[] = [];
  const sort = def.views.list.sort;
  const sortColumn = INDEXABLE_TYPES.has(columnType(def, sort.field) ?? '') ? columnName(sort.field) : undefined;
  if (sortColumn) {
    // sql.ts orders `<field> <dir> nulls last, id asc`: one index per direction (a header click reverses it),
    // each matching that order exactly, so the first page is read off the index without a sort.
    for (const dir of ['asc', 'desc'] as const)
      statements.push(
        `create index if not exists ${quote(indexName(def.table, 'sort', sortColumn, dir))} on ${table} ` +
          `(tenant_id, ${quote(sortColumn)} ${dir} nulls last, id)`,
      );
    // The plain (tenant_id, column) index earlier versions made is a prefix of the sort indexes.
    statements.push(`drop index if exists ${schema}.${quote(`${def.table}_tenant_${sortColumn}_idx`)}`);
  }
  // Newest first (a "recent" list, the dashboard's latest records): sql.ts orders `created_at desc nulls last,
  // id asc`, which no backward scan of an ascending index gives; one index in exactly that order.
  if (sortColumn !== 'created_at')
    statements.push(
      `create index if not exists ${quote(indexName(def.table, 'sort', 'created_at', 'desc'))} on ${table} ` +
        `(tenant_id, created_at desc nulls last, id)`,
    );
  for (const name of filterIndexFields(def)) {
    const column = columnName(name);
    if (column === sortColumn) continue;
    statements.push(
      `create index if not exists ${quote(indexName(def.table, 'tenant', column, 'idx'))} on ${table} (tenant_id, ${quote(column)})`,
    );
  }
  const searchable = searchableFields(def);
  if (searchable.length > 0) statements.push(...searchFunctionStatements(def, searchable, table));
  return statements;
}

/**
 * `q` is `expression ilike '%text%'` over a GIN trigram index. ILIKE is not leakproof, so under
 * row-level security the planner will not use it as an index condition in the list query itself: a
 * security-definer function (not inlined, run as the migrating owner) reads the matching ids through
 * the index, scoped to the same tenant setting the policy uses, and the list joins them by primary key.
 * Where the owner is subject to row-level security the function still answers correctly, by a scan. `rows 50`
 * (a search's typical yield, not the default 1000) lets the planner join them by the primary key. No GIN
 * pending list (`fastupdate = off`): PGlite runs no autovacuum to flush it, and the planner prices an index
 * with a long pending list above a scan.
 */
function searchFunctionStatements(def: ResourceDefinition, fields: string[], table: string): string[] {
  const expression = searchExpression(def, fields);
  return [
    `create index if not exists ${quote(indexName(def.table, 'search', 'trgm'))} on ${table} using gin ((${expression}) gin_trgm_ops) with (fastupdate = off)`,
    `create or replace function ${searchFunctionName(def)}(pattern text) returns setof uuid
      language sql stable security definer rows 50 set search_path = pg_catalog, public as $fn$
        select id from ${table}
          where tenant_id = current_setting('app.tenant', true) and (${expression}) ilike pattern
      $fn$`,
    `revoke all on function ${searchFunctionName(def)}(text) from public`,
    `grant execute on function ${searchFunctionName(def)}(text) to ${APP_ROLE}`,
  ];
}
