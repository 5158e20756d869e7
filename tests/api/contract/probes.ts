import {
  decimal,
  SYSTEM_FIELD_CAPS,
  type Field,
  type FieldKind,
  type FilterOperator,
  type ResourceDefinition,
  type SystemField,
} from '../../../resources/schema';

/** The operators the contract test tries on every field that allows them. */
export const PROBED_OPS: readonly FilterOperator[] = [
  'eq',
  'neq',
  'contains',
  'startsWith',
  'in',
  'between',
  'lt',
  'lte',
  'gt',
  'gte',
  'isNull',
];

/** What a filter on a field compares: the kind of its value (a computed amount is money). */
export interface Probed {
  name: string;
  kind: FieldKind | 'uuid';
  ops: FilterOperator[];
  values?: readonly string[];
}

const SYSTEM_KIND: Record<SystemField, FieldKind | 'uuid'> = {
  id: 'uuid',
  createdAt: 'datetime',
  updatedAt: 'datetime',
  createdBy: 'text',
  updatedBy: 'text',
  version: 'integer',
};

export function valueKind(field: Field): FieldKind {
  return field.kind === 'computed' && field.result ? field.result.kind : field.kind;
}

/**
 * Operators worth a request of their own: strict and open-ended bounds add little where `between`
 * (the same comparisons) is allowed, and a suite of many definitions pays for every request.
 */
function probedOps(allowed: readonly FilterOperator[]): FilterOperator[] {
  const ops = PROBED_OPS.filter((op) => allowed.includes(op));
  return ops.includes('between') ? ops.filter((op) => !['lt', 'gt', 'lte', 'gte'].includes(op)) : ops;
}

/**
 * System fields filter through the same code for every definition: one probe each of id, the creation
 * instant and the author is enough per definition.
 */
const SYSTEM_PROBES: readonly [SystemField, FilterOperator][] = [
  ['id', 'in'],
  ['createdAt', 'between'],
  ['updatedBy', 'eq'],
];

/** Every filterable field of a definition (and some system fields) with the operators to probe. */
export function filterables(def: ResourceDefinition): Probed[] {
  const own = Object.entries(def.fields)
    .filter(([, field]) => !field.writeOnly && field.filter.length > 0)
    .map(([name, field]) => ({
      name,
      kind: valueKind(field),
      ops: probedOps(field.filter),
      values: field.kind === 'computed' ? field.result?.values : field.values,
    }));
  const system = SYSTEM_PROBES.filter(([name, op]) => SYSTEM_FIELD_CAPS[name].filter.includes(op)).map(
    ([name, op]) => ({ name, kind: SYSTEM_KIND[name], ops: [op] }),
  );
  return [...own, ...system];
}

const ARRAY_KINDS = new Set<string>(['tags', 'references', 'enumList', 'attachments', 'lines']);

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (Array.isArray(value) && value.length === 0);
}

function shift(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

/** A part of a text to look for, taken from its middle (at most 12 characters, never blank). */
function middle(text: string): string {
  if (text.length <= 2) return text;
  const inner = text.slice(1, -1).trim();
  return (inner.length > 12 ? inner.slice(0, 12) : inner) || text;
}

/**
 * The filter value that should find (or, for neq/lt/gt, leave out) a record whose field holds `value`,
 * or undefined when the operator makes no sense for it (the test then says so).
 */
export function probe(
  p: Probed,
  op: FilterOperator,
  value: unknown,
): { value: string | string[]; found: boolean } | undefined {
  if (op === 'isNull') return { value: isEmpty(value) ? 'true' : 'false', found: true };
  if (isEmpty(value)) return undefined;
  if (ARRAY_KINDS.has(p.kind)) {
    const items = value as unknown[];
    if (op === 'in') return { value: [String(items[0])], found: true };
    if (op === 'contains' && typeof items[items.length - 1] === 'string')
      return { value: middle(String(items[items.length - 1])), found: true };
    return undefined;
  }
  if (typeof value === 'object') return undefined;
  const s = String(value);
  // Instants come back to the millisecond; the column may hold microseconds: compare with a margin.
  const instant = p.kind === 'datetime';
  switch (op) {
    case 'eq':
      return instant && !/\.\d{3}Z$/.test(s) ? undefined : { value: s, found: true };
    case 'neq':
      return { value: s, found: false };
    case 'contains':
      return { value: middle(s), found: true };
    case 'startsWith':
      return { value: s.slice(0, Math.max(1, Math.ceil(s.length / 2))), found: true };
    case 'in': {
      const other = p.values?.find((v) => v !== s);
      return { value: other ? [other, s] : [s], found: true };
    }
    case 'between':
      return instant ? { value: [shift(s, -1000), shift(s, 1000)], found: true } : { value: [s, s], found: true };
    case 'lte':
      return { value: instant ? shift(s, 1000) : s, found: true };
    case 'gte':
      return { value: instant ? shift(s, -1000) : s, found: true };
    case 'lt':
      return instant ? { value: shift(s, 1000), found: true } : { value: s, found: false };
    case 'gt':
      return instant ? { value: shift(s, -1000), found: true } : { value: s, found: false };
  }
}

const NUMERIC = new Set<string>(['integer', 'decimal', 'money', 'percent']);
const CHRONO = new Set<string>(['date', 'datetime', 'boolean']);

/** Kinds whose order the database and this test agree on whatever the collation. */
export function orderIsCheckable(kind: string): boolean {
  return NUMERIC.has(kind) || CHRONO.has(kind);
}

/**
 * Compares two non-empty values as the database orders them, or undefined when that depends on the
 * collation (text whose order differs between code points and a locale).
 */
export function compareValues(kind: string, a: unknown, b: unknown): number | undefined {
  if (NUMERIC.has(kind)) return decimal.compare(String(a), String(b));
  if (kind === 'boolean') return Number(a) - Number(b);
  if (typeof a !== 'string' || typeof b !== 'string') return undefined;
  if (kind === 'date' || kind === 'datetime') return a < b ? -1 : a > b ? 1 : 0;
  const ordinal = Math.sign(a < b ? -1 : a > b ? 1 : 0);
  const locale = Math.sign(a.localeCompare(b, 'en'));
  const folded = Math.sign(a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);
  return ordinal === locale && locale === folded ? ordinal : undefined;
}

/** The first pair out of order in a list sorted by `field` (empty values last either way), if any. */
export function orderViolation(
  kind: string,
  rows: Record<string, unknown>[],
  field: string,
  direction: 'asc' | 'desc',
): string | undefined {
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1][field];
    const b = rows[i][field];
    if (isEmpty(a) && !isEmpty(b)) return `empty value before ${JSON.stringify(b)} at ${i}`;
    if (isEmpty(a) || isEmpty(b)) continue;
    const c = compareValues(kind, a, b);
    if (c === undefined) continue;
    if ((direction === 'asc' && c > 0) || (direction === 'desc' && c < 0))
      return `${JSON.stringify(a)} before ${JSON.stringify(b)} at ${i}`;
  }
  return undefined;
}
