import { CompiledQuery, type SelectQueryBuilder } from 'kysely';
import type { DynamicDb } from '../db/tables';
import type { ListQuery } from './list-query';

/*
 * A list's total at a cost that does not grow with the table (docs/wire-contract.md#totals). Most pages tell
 * it by themselves; past that, rows are counted up to a bound past the page, and only a list longer than the
 * bound gets the planner's estimate, flagged so no screen shows it as exact.
 */

type Row = Record<string, unknown>;

export type ListAnswer = { data: Row[] } & (
  { total: number; totalEstimated?: true } | { pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean } }
);

/**
 * Rows counted exactly past the end of the page before the total becomes an estimate. A thousand rows of an
 * index are read in about a millisecond; nobody pages forty pages on by hand, and a screen that shows "about
 * 1,000" has said what matters.
 */
export const EXACT_TOTAL_BOUND = 1000;

/**
 * The total a page already tells, exactly, without counting: a page with no row after it is the last one
 * (the rows before it and its own), including an empty first page. `more`: a row follows the page (the
 * page query reads one past its size). Otherwise undefined: a page with more after it, or one past the end.
 */
export function totalFromPage(query: Pick<ListQuery, 'page' | 'pageSize'>, rows: number, more: boolean) {
  if (more || (rows === 0 && query.page > 0)) return undefined;
  return query.page * query.pageSize + rows;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a definition's table, named at run time
type AnySelect = SelectQueryBuilder<any, any, any>;

interface Queries {
  total: AnySelect;
  matches: AnySelect;
}

/** Past the page and the bound: everything before the page, the page, and the bound after it. */
function capOf(query: Pick<ListQuery, 'page' | 'pageSize'>): number {
  return query.page * query.pageSize + query.pageSize + EXACT_TOTAL_BOUND;
}

/** The matches counted up to the cap, as a query (a statement of its own, or a column of the page's). */
function boundedCount(db: DynamicDb, queries: Queries, query: ListQuery) {
  return db.selectFrom(queries.matches.limit(capOf(query)).as('bounded')).select((eb) => eb.fn.countAll().as('n'));
}

/** The column the page carries its bounded count in when it is asked along (`withBoundedCount`). */
export const BOUNDED_COLUMN = '$bounded';

/**
 * The page query with the bounded count as one more column (an uncorrelated subquery: computed once), when the
 * list is known to be long (the planner's estimate of the same query, still cached, reaches the cap): paging a
 * long list then costs one statement, not two. Otherwise the page alone; the count follows only if needed.
 */
export function withBoundedCount(db: DynamicDb, queries: Queries & { page: AnySelect }, query: ListQuery) {
  if (query.total !== 'estimate' || (cachedEstimate(queries.matches) ?? 0) < capOf(query)) return queries.page;
  return queries.page.select(boundedCount(db, queries, query).as(BOUNDED_COLUMN));
}

/** The total the query asks for (`options[total]`, list-options.ts), from the page when it tells it. */
export async function pageTotal(
  db: DynamicDb,
  queries: Queries,
  query: ListQuery,
  rows: number,
  more: boolean,
  /** The bounded count, when the page carried it. */
  carried?: number,
): Promise<{ total: number; totalEstimated?: true }> {
  const known = totalFromPage(query, rows, more);
  if (known !== undefined) return { total: known };
  if (query.total === 'exact') {
    const count = (await queries.total.executeTakeFirstOrThrow()) as { total: unknown };
    return { total: Number(count.total) };
  }
  const cap = capOf(query);
  const counted =
    carried ?? Number(((await boundedCount(db, queries, query).executeTakeFirstOrThrow()) as { n: unknown }).n);
  if (counted < cap) return { total: counted };
  // There are at least `cap` rows: the estimate never says fewer.
  return { total: Math.max(cap, await plannedRows(db, queries.matches)), totalEstimated: true };
}

/**
 * Planner estimates by query text and parameters (the tenant, the scope's values and the filters' are among
 * them), kept a minute: an estimate moves only when the statistics do (ANALYZE), and a user paging a long
 * list then pays for one EXPLAIN, not one per page. A number, never rows, so nothing of a tenant's data.
 */
const ESTIMATE_TTL_MS = 60_000;
const MAX_ESTIMATES = 1000;
const estimates = new Map<string, { rows: number; until: number }>();

function estimateKey(compiled: { sql: string; parameters: readonly unknown[] }): string {
  return `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
}

function cachedEstimate(query: AnySelect): number | undefined {
  const known = estimates.get(estimateKey(query.compile()));
  return known && known.until > Date.now() ? known.rows : undefined;
}

/**
 * The planner's estimate of the rows a query yields: EXPLAIN plans it (as the request's role, row-level
 * security included) without running it. 0 when the plan cannot be read.
 */
async function plannedRows(db: DynamicDb, query: AnySelect): Promise<number> {
  const cached = cachedEstimate(query);
  if (cached !== undefined) return cached;
  const compiled = query.compile();
  const key = estimateKey(compiled);
  const now = Date.now();
  const result = await db.executeQuery<Row>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const cell = result.rows[0]?.['QUERY PLAN'];
  const plan: unknown = typeof cell === 'string' ? JSON.parse(cell) : cell;
  const planned = Array.isArray(plan) ? (plan[0] as { Plan?: { 'Plan Rows'?: unknown } })?.Plan?.['Plan Rows'] : 0;
  const rows = typeof planned === 'number' && Number.isFinite(planned) ? Math.round(planned) : 0;
  estimates.delete(key);
  estimates.set(key, { rows, until: now + ESTIMATE_TTL_MS });
  // The oldest first: a Map iterates in insertion order.
  if (estimates.size > MAX_ESTIMATES) estimates.delete(estimates.keys().next().value!);
  return rows;
}
