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

/** The total the query asks for (`options[total]`, list-options.ts), from the page when it tells it. */
export async function pageTotal(
  db: DynamicDb,
  queries: Queries,
  query: ListQuery,
  rows: number,
  more: boolean,
): Promise<{ total: number; totalEstimated?: true }> {
  const known = totalFromPage(query, rows, more);
  if (known !== undefined) return { total: known };
  if (query.total === 'exact') {
    const count = (await queries.total.executeTakeFirstOrThrow()) as { total: unknown };
    return { total: Number(count.total) };
  }
  // Past the page and the bound: everything before the page, the page, and the bound after it.
  const cap = query.page * query.pageSize + query.pageSize + EXACT_TOTAL_BOUND;
  const bounded = (await db
    .selectFrom(queries.matches.limit(cap).as('bounded'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()) as { n: unknown };
  const counted = Number(bounded.n);
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

/**
 * The planner's estimate of the rows a query yields: EXPLAIN plans it (as the request's role, row-level
 * security included) without running it. 0 when the plan cannot be read.
 */
async function plannedRows(db: DynamicDb, query: AnySelect): Promise<number> {
  const compiled = query.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const now = Date.now();
  const known = estimates.get(key);
  if (known && known.until > now) return known.rows;
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
