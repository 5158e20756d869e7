import type { GetListParams } from 'react-admin';
import { FILTER_OPERATORS, isSortable, type FilterOperator, type ResourceDefinition } from '../resources/schema';

/** One filter triple of the list contract (docs/wire-contract.md#filters). */
export interface Filter {
  field: string;
  operator: FilterOperator;
  value?: FilterValue;
}
export type Scalar = string | number | boolean | Date;
export type FilterValue = Scalar | readonly Scalar[];

export interface ListQuery {
  /** Counts from 0, as the services expect. */
  page?: number;
  pageSize?: number;
  filters?: readonly Filter[];
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
  /** `options[total]` (docs/wire-contract.md#totals): the services' default is a bounded, perhaps estimated total. */
  total?: TotalMode;
  /** `options[fields]`: only these fields of each record, and id (a label's, for getMany). */
  fields?: readonly string[];
}

export type TotalMode = 'estimate' | 'exact' | 'none';

function scalar(value: Scalar): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * Bracket-index form: `filters[0][field]=kind&filters[0][operator]=eq&filters[0][value]=person`,
 * arrays (for `in` and `between`) as `filters[i][value][j]`, sorting under `options[...]`.
 */
export function serialiseQuery(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.append('page', String(query.page));
  if (query.pageSize !== undefined) params.append('pageSize', String(query.pageSize));
  (query.filters ?? []).forEach((filter, i) => {
    params.append(`filters[${i}][field]`, filter.field);
    params.append(`filters[${i}][operator]`, filter.operator);
    if (filter.value === undefined) return;
    if (Array.isArray(filter.value)) {
      (filter.value as readonly Scalar[]).forEach((v, j) => params.append(`filters[${i}][value][${j}]`, scalar(v)));
    } else {
      params.append(`filters[${i}][value]`, scalar(filter.value as Scalar));
    }
  });
  if (query.sortBy) params.append('options[sortBy]', query.sortBy);
  if (query.sortDirection) params.append('options[sortDirection]', query.sortDirection);
  if (query.total) params.append('options[total]', query.total);
  if (query.fields) params.append('options[fields]', query.fields.join(','));
  return params.toString();
}

/** A filter triple as JSON (the counts body): values as the query string writes them. */
export function wireFilter(filter: Filter): { field: string; operator: FilterOperator; value?: string | string[] } {
  const { field, operator, value } = filter;
  if (value === undefined) return { field, operator };
  return {
    field,
    operator,
    value: Array.isArray(value) ? (value as readonly Scalar[]).map(scalar) : scalar(value as Scalar),
  };
}

const OPERATORS = new Set<string>(FILTER_OPERATORS);

/**
 * Maps react-admin's filter object to filter triples. The convention (one, documented):
 * - `q` is the free-text search: `{ field: 'q', operator: 'contains' }`;
 * - `field_operator` picks an operator, e.g. `lastName_contains`, `createdAt_gte`, `kind_in` (field names
 *   are camelCase, so the last underscore is unambiguous);
 * - a plain `field` means `eq`, or `in` when its value is an array;
 * - a null value means `isNull: true`; undefined, '' and empty arrays are "no filter" (an emptied input).
 */
export function toFilters(filter: Record<string, unknown> = {}): Filter[] {
  const filters: Filter[] = [];
  for (const [key, raw] of Object.entries(filter)) {
    if (raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0)) continue;
    if (key === 'q') {
      filters.push({ field: 'q', operator: 'contains', value: String(raw) });
      continue;
    }
    const cut = key.lastIndexOf('_');
    const suffix = cut > 0 ? key.slice(cut + 1) : '';
    const [field, explicit] = OPERATORS.has(suffix) ? [key.slice(0, cut), suffix as FilterOperator] : [key, undefined];
    if (raw === null) {
      filters.push({ field, operator: 'isNull', value: true });
      continue;
    }
    if (typeof raw === 'object' && !Array.isArray(raw) && !(raw instanceof Date)) {
      throw new Error(`Filter ${key}: nested filter objects are not supported, use the field_operator form`);
    }
    const operator = explicit ?? (Array.isArray(raw) ? 'in' : 'eq');
    filters.push({ field, operator, value: raw as FilterValue });
  }
  return filters;
}

/** Sort keys the services accept (resources/schema/list.ts): sortable fields plus createdAt/updatedAt. */
export { isSortable };

/** react-admin's getList params (pages from 1) to the services' list query (pages from 0). */
export function toListQuery(params: Partial<GetListParams>, def?: ResourceDefinition): ListQuery {
  const query: ListQuery = { filters: toFilters(params.filter) };
  if (params.pagination) {
    query.page = Math.max(0, params.pagination.page - 1);
    query.pageSize = params.pagination.perPage;
  }
  // react-admin sorts by `id` when nothing is chosen; the services reject unsortable keys, so drop them.
  if (params.sort?.field && isSortable(def, params.sort.field)) {
    query.sortBy = params.sort.field;
    query.sortDirection = params.sort.order === 'DESC' ? 'desc' : 'asc';
  }
  const meta = listMeta(params.meta);
  if (meta.total) query.total = meta.total;
  if (meta.fields) query.fields = meta.fields;
  return query;
}

/**
 * What a caller may ask of a list through react-admin's `meta`: `{ total: 'exact' | 'none' }` (the export
 * counts once, exactly, then reads on without counting) and `{ fields: [...] }` (a label's fields).
 */
export function listMeta(meta: unknown): { total?: TotalMode; fields?: readonly string[] } {
  const { total, fields } = (meta ?? {}) as { total?: unknown; fields?: unknown };
  return {
    total: total === 'exact' || total === 'none' || total === 'estimate' ? total : undefined,
    fields: Array.isArray(fields) && fields.every((f) => typeof f === 'string') ? (fields as string[]) : undefined,
  };
}
