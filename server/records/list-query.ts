import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  FILTER_OPERATORS,
  isSortable,
  MAX_OFFSET,
  MAX_PAGE_SIZE,
  normalisePhone,
  presetValue,
  SYSTEM_FIELD_CAPS,
  todayInItaly,
  type Field,
  type FieldKind,
  type FilterOperator,
  type ResourceDefinition,
  type SystemField,
} from '../../resources/schema';
import { checkFields, checkTotalMode, type TotalMode } from './list-options';

/**
 * A list query as the client wrote it, before it is checked against a definition: what the HTTP
 * side's query-string reader (server/http/query-string.ts) produces.
 */
export interface RawFilter {
  field?: string;
  operator?: string;
  /** A scalar `filters[i][value]` or the list `filters[i][value][j]`. */
  value?: string | string[];
}

export interface RawListQuery {
  page?: string;
  pageSize?: string;
  filters: RawFilter[];
  sortBy?: string;
  sortDirection?: string;
  /** `options[total]`: estimate (default), exact or none (list-options.ts). */
  total?: string;
  /** `options[fields]`: a comma-separated list of the fields to answer. */
  fields?: string;
}

/** A problem with one parameter, named as the client wrote it. */
export interface QueryIssue {
  param: string;
  message: string;
}

/** A filter checked against the definition, its value converted to what the column holds. */
export type Condition =
  | { field: string; operator: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte'; value: string | boolean }
  | { field: string; operator: 'contains' | 'startsWith'; value: string }
  | { field: string; operator: 'in'; value: string[] }
  | { field: string; operator: 'between'; value: [string, string] }
  | { field: string; operator: 'isNull'; value: boolean }
  | { field: 'q'; operator: 'search'; value: string; fields: string[] };

export interface ListQuery {
  page: number;
  pageSize: number;
  conditions: Condition[];
  sort: { field: string; direction: 'asc' | 'desc' };
  total: TotalMode;
  /** The fields to answer (`id` first); undefined: the whole record. */
  fields?: string[];
}

const MAX_PAGE = MAX_OFFSET;

/** What filters need to know about a column: its kind and SQL type (for value parsing) and its operators. */
interface Filterable {
  kind: FieldKind | 'uuid';
  sql: string;
  filter: readonly FilterOperator[];
  values?: readonly string[];
  /** The kind's canonical form of a typed value (VAT number, IBAN ...). */
  normalise?: (raw: string) => string;
}

const SYSTEM_KINDS: Record<SystemField, Pick<Filterable, 'kind' | 'sql'>> = {
  id: { kind: 'uuid', sql: 'uuid' },
  createdAt: { kind: 'datetime', sql: 'timestamptz' },
  updatedAt: { kind: 'datetime', sql: 'timestamptz' },
  createdBy: { kind: 'text', sql: 'text' },
  updatedBy: { kind: 'text', sql: 'text' },
  version: { kind: 'text', sql: 'integer' },
};

function filterable(def: ResourceDefinition, name: string): Filterable | undefined {
  // A write-only field is never read back: to a list query it does not exist.
  const field: Field | undefined =
    Object.hasOwn(def.fields, name) && !def.fields[name].writeOnly ? def.fields[name] : undefined;
  // A computed field filters as the kind of its value (a computed amount as money).
  if (field?.kind === 'computed' && field.result) return { ...field.result, filter: field.filter, sql: field.sql };
  if (field) return field;
  if (Object.hasOwn(SYSTEM_FIELD_CAPS, name)) {
    const system = name as SystemField;
    return { ...SYSTEM_KINDS[system], filter: SYSTEM_FIELD_CAPS[system].filter };
  }
  return undefined;
}

/** Loose on purpose: any hex uuid PostgreSQL accepts, so a lookup never fails with a cast error. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Year 0000 matches the ISO pattern but is no year PostgreSQL accepts.
const isDate = (v: string) => z.iso.date().safeParse(v).success && !v.startsWith('0000');
const isDatetime = (v: string) =>
  (z.iso.datetime({ offset: true }).safeParse(v).success && !v.startsWith('0000')) || isDate(v);

const INTEGER_RANGES: Record<string, bigint> = {
  smallint: 2n ** 15n,
  int2: 2n ** 15n,
  integer: 2n ** 31n,
  int: 2n ** 31n,
  int4: 2n ** 31n,
  bigint: 2n ** 63n,
  int8: 2n ** 63n,
};
const DECIMAL = /^-?\d{1,30}(\.\d{1,30})?$/;

/**
 * The check every value gets from its column's SQL type, whatever the field kind: a kind added
 * later is still guarded against values its column would refuse with an error.
 */
function bySqlType(sqlType: string, raw: string): { value: string | boolean } | string {
  const type = sqlType.toLowerCase().replace(/\(.*$/, '').trim();
  // An array column is filtered by its items (`in`: has any of them).
  if (type.endsWith('[]')) return bySqlType(type.slice(0, -2), raw);
  if (type in INTEGER_RANGES) {
    if (!/^-?\d{1,19}$/.test(raw)) return 'must be an integer';
    const n = BigInt(raw);
    const limit = INTEGER_RANGES[type];
    return n >= -limit && n < limit ? { value: raw } : 'is out of range';
  }
  if (type === 'numeric' || type === 'decimal' || type === 'real' || type === 'double precision' || type === 'float8')
    return DECIMAL.test(raw) ? { value: raw } : 'must be a decimal number such as 12.50';
  if (type === 'boolean' || type === 'bool')
    return raw === 'true' || raw === 'false' ? { value: raw === 'true' } : 'must be true or false';
  if (type === 'date') return isDate(raw) ? { value: raw } : 'must be a date (YYYY-MM-DD)';
  if (type.startsWith('timestamp'))
    return isDatetime(raw) ? { value: raw } : 'must be an ISO-8601 date-time with offset, or a date';
  if (type === 'uuid') return UUID.test(raw) ? { value: raw.toLowerCase() } : 'must be a uuid';
  if (type === 'text' || type.startsWith('varchar') || type.startsWith('character')) return { value: raw };
  // json and anything else have no scalar comparison we can bind safely.
  return `cannot be compared as ${type}`;
}

/** Converts one filter value for a field kind and operator; a string is an error message. */
function convert(column: Filterable, operator: FilterOperator, raw: string): { value: string | boolean } | string {
  // Tags: `contains` looks for the text inside any tag, `in` for any of the tags as typed.
  if (column.kind === 'tags') return { value: raw.trim() };
  if (column.kind === 'references') return UUID.test(raw) ? { value: raw.toLowerCase() } : 'must be a uuid';
  if (column.normalise) return { value: column.normalise(raw) };
  if (operator === 'contains' || operator === 'startsWith') {
    const type = column.sql.toLowerCase().replace(/\[\]$/, '');
    // Pattern matching runs on text (or text array) columns only: on another type it is an SQL error.
    return type === 'text' || type.startsWith('varchar') || type.startsWith('character')
      ? { value: raw }
      : `cannot be searched with ${operator}`;
  }
  switch (column.kind) {
    case 'boolean':
      return raw === 'true' || raw === 'false' ? { value: raw === 'true' } : 'must be true or false';
    case 'date':
      return isDate(raw) ? { value: raw } : 'must be a date (YYYY-MM-DD)';
    case 'datetime':
      return isDatetime(raw) ? { value: raw } : 'must be an ISO-8601 date-time with offset, or a date';
    case 'uuid':
    case 'reference':
      return UUID.test(raw) ? { value: raw.toLowerCase() } : 'must be a uuid';
    case 'enum':
    case 'enumList':
      return column.values?.includes(raw) ? { value: raw } : `must be one of ${column.values?.join(', ')}`;
    case 'email':
      return { value: raw.trim().toLowerCase() };
    case 'phone':
      return { value: normalisePhone(raw) };
    default:
      return bySqlType(column.sql, raw);
  }
}

/**
 * A named filter of the definition (views.list.presets) as the conditions it stands for, its relative
 * dates resolved on `today`: an "overdue" list is judged on the day it is asked for.
 */
function presetConditions(
  def: ResourceDefinition,
  name: string,
  field: string,
  op: FilterOperator,
  value: RawFilter['value'],
  issues: QueryIssue[],
  today: string,
): Condition[] | undefined {
  const preset = def.views.list.presets![field];
  if (op !== 'eq') {
    issues.push({ param: `${name}[operator]`, message: `Filter ${field} takes only the operator eq` });
    return undefined;
  }
  if (value !== 'true') {
    issues.push({ param: `${name}[value]`, message: `Filter ${field} takes only the value true` });
    return undefined;
  }
  return preset.where.map((c) => ({ field: c.field, operator: c.operator, value: presetValue(c.value, today) }));
}

function checkFilter(
  def: ResourceDefinition,
  filter: RawFilter,
  index: number,
  issues: QueryIssue[],
  hidden: readonly string[],
  today: string,
): Condition | Condition[] | undefined {
  const name = `filters[${index}]`;
  const { field, operator, value } = filter;
  if (field === undefined || operator === undefined) return undefined; // already reported by the parser
  const fail = (param: string, message: string): undefined => {
    issues.push({ param, message });
    return undefined;
  };
  if (!(FILTER_OPERATORS as readonly string[]).includes(operator))
    return fail(`${name}[operator]`, `Unknown operator: ${operator}`);
  const op = operator as FilterOperator;

  if (field === 'q') {
    // A field the actor may not read is not searched either: a match would tell its value.
    const fields = Object.entries(def.fields)
      .filter(([n, f]) => f.searchable && !hidden.includes(n))
      .map(([n]) => n);
    if (fields.length === 0) return fail(`${name}[field]`, 'This resource has no free-text search');
    if (op !== 'contains')
      return fail(`${name}[operator]`, `Operator ${op} is not allowed for field q (only contains)`);
    if (typeof value !== 'string') return fail(`${name}[value]`, `${name}[value] must be a single value`);
    return { field: 'q', operator: 'search', value, fields };
  }

  if (hidden.includes(field)) return fail(`${name}[field]`, `Your role may not filter by ${field}`);
  if (def.views.list.presets && Object.hasOwn(def.views.list.presets, field))
    return presetConditions(def, name, field, op, value, issues, today);
  const column = filterable(def, field);
  if (!column) return fail(`${name}[field]`, `Unknown field: ${field}`);
  if (!column.filter.includes(op)) return fail(`${name}[operator]`, `Operator ${op} is not allowed for field ${field}`);
  if (value === undefined) return fail(`${name}[value]`, `${name}[value] is missing`);

  if (op === 'in' || op === 'between') {
    if (!Array.isArray(value))
      return fail(`${name}[value]`, `Operator ${op} takes a list: ${name}[value][0], ${name}[value][1]...`);
    if (op === 'between' && value.length !== 2)
      return fail(`${name}[value]`, 'Operator between takes exactly two values');
    const converted: string[] = [];
    for (const [i, item] of value.entries()) {
      const result = convert(column, op, item);
      if (typeof result === 'string') return fail(`${name}[value][${i}]`, `Value of ${field} ${result}`);
      converted.push(String(result.value));
    }
    return op === 'in'
      ? { field, operator: op, value: converted }
      : { field, operator: op, value: [converted[0], converted[1]] };
  }
  if (Array.isArray(value)) return fail(`${name}[value]`, `Operator ${op} takes a single value`);
  if (op === 'isNull') {
    return value === 'true' || value === 'false'
      ? { field, operator: op, value: value === 'true' }
      : fail(`${name}[value]`, 'Operator isNull takes true or false');
  }
  const result = convert(column, op, value);
  if (typeof result === 'string') return fail(`${name}[value]`, `Value of ${field} ${result}`);
  if (op === 'contains' || op === 'startsWith') return { field, operator: op, value: String(result.value) };
  return { field, operator: op, value: result.value };
}

function integer(raw: string | undefined, fallback: number, min: number, max: number): number | undefined {
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
}

/**
 * Checks a parsed query against the definition: every field, operator, value, sort key and size.
 * `hidden` are the fields the actor may not read (docs/tenancy-and-security.md#private-fields): filtering
 * or sorting by one is refused, and the free-text search leaves them out.
 */
export function checkListQuery(
  def: ResourceDefinition,
  raw: RawListQuery,
  hidden: readonly string[] = [],
): { query?: ListQuery; issues: QueryIssue[] } {
  const issues: QueryIssue[] = [];
  const page = integer(raw.page, 0, 0, MAX_PAGE);
  if (page === undefined) issues.push({ param: 'page', message: `page must be an integer from 0 to ${MAX_PAGE}` });
  const pageSize = integer(raw.pageSize, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
  if (pageSize === undefined)
    issues.push({ param: 'pageSize', message: `pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}` });
  if (page !== undefined && pageSize !== undefined && page * pageSize > MAX_OFFSET)
    issues.push({
      param: 'page',
      message: `page × pageSize must be at most ${MAX_OFFSET}: narrow the list with a filter or a sort instead`,
    });

  const today = todayInItaly();
  const conditions = raw.filters.flatMap(
    (filter, index) => checkFilter(def, filter, index, issues, hidden, today) ?? [],
  );

  const defaults = def.views.list.sort;
  const field = raw.sortBy ?? defaults.field;
  if (raw.sortBy !== undefined && hidden.includes(raw.sortBy)) {
    issues.push({ param: 'options[sortBy]', message: `Your role may not sort by ${raw.sortBy}` });
  } else if (raw.sortBy !== undefined && !isSortable(def, raw.sortBy)) {
    issues.push({ param: 'options[sortBy]', message: `Cannot sort by ${raw.sortBy}` });
  }
  const direction =
    raw.sortDirection ?? (raw.sortBy === undefined ? (defaults.order.toLowerCase() as 'asc' | 'desc') : 'asc');
  if (direction !== 'asc' && direction !== 'desc') {
    issues.push({ param: 'options[sortDirection]', message: 'options[sortDirection] must be asc or desc' });
  }
  const total = checkTotalMode(raw.total, issues);
  const fields = checkFields(def, raw.fields, issues);
  if (issues.length > 0) return { issues };
  return {
    query: {
      page: page!,
      pageSize: pageSize!,
      conditions,
      sort: { field, direction: direction as 'asc' | 'desc' },
      total,
      ...(fields ? { fields } : {}),
    },
    issues,
  };
}
