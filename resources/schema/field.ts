import { z } from 'zod';
import type { LineFill } from './line-fill';

/** Operators of the list contract (docs/architecture.md); each field kind allows a subset. */
export const FILTER_OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'contains',
  'startsWith',
  'in',
  'between',
  'isNull',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type FieldKind =
  | 'text'
  | 'longText'
  | 'richText'
  | 'email'
  | 'phone'
  | 'enum'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'reference'
  | 'url'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'percent'
  | 'references'
  | 'tags'
  | 'lines'
  | 'computed'
  | 'vatNumber'
  | 'fiscalCode'
  | 'sdiCode'
  | 'iban'
  | 'ean'
  | 'address'
  | 'attachments'
  | 'enumList'
  | 'password';

/**
 * One field of a resource. `schema` validates a present (non-null) value and may normalise it
 * (trim, lower-case, E.164); whether the value may be absent is `required`.
 */
export interface Field<T = unknown, K extends FieldKind = FieldKind> {
  kind: K;
  schema: z.ZodType<T>;
  required: boolean;
  readOnly: boolean;
  /**
   * Accepted on writes and handed to hooks, but never stored as a column, returned, listed or filtered
   * (a password: the hook stores a hash of it instead).
   */
  writeOnly: boolean;
  /** No two records of a tenant share a value (text compares case-insensitively): 409 naming the field. */
  unique: boolean;
  /** Operators allowed in list filters; empty means the field cannot be filtered. */
  filter: readonly FilterOperator[];
  sortable: boolean;
  /** Part of the free-text `q` filter. */
  searchable: boolean;
  /** SQL column type used by the derived migrations. */
  sql: string;
  /** Values of an enum field (labels come from `resources.<name>.enums.<field>.<value>`). */
  values?: readonly string[];
  /** Target resource name of a reference field. */
  reference?: string;
  /**
   * References only: narrows the choices to targets whose field (key) equals this record's field
   * (value), e.g. a site's `customerId` to the record's `customerId`. Forms offer only those; the
   * services check the pairing in the resource's hooks.
   */
  narrowBy?: Readonly<Record<string, string>>;
  /**
   * References only: the targets a record may name at all, by a fixed value of their fields (the skills
   * of kind `skill`, not the tags). Forms offer only those; the engine refuses others (400).
   */
  only?: Readonly<Record<string, string>>;
  max?: number;
  default?: T;
  /** Exact decimals (decimal, money, percent): numeric(precision, scale). */
  precision?: number;
  scale?: number;
  /** Bounds of numeric kinds, as decimal strings, when the definition sets them. */
  minValue?: string;
  maxValue?: string;
  /** attachments: MIME types or `type/*` wildcards the field takes (any stored type when absent). */
  accept?: readonly string[];
  /** Item counts of many-valued kinds (references, tags, lines). */
  minItems?: number;
  maxItems?: number;
  /** Canonical form of a value typed in a list filter (a VAT number loses its IT prefix). */
  normalise?: (raw: string) => string;
  /** lines: the fields of one line. */
  lineFields?: Readonly<Record<string, Field>>;
  /** lines: totals shown under the lines in forms, keyed like `resources.<name>.lines.<field>.totals.<key>`. */
  totals?(lines: readonly Record<string, unknown>[]): Record<string, string>;
  /** lines: how the form fills a line from the product or item picked on it (docs/spa.md#lines-filled-from-the-product). */
  fill?: LineFill;
  /** computed: the kind of the value (column, filters, display) and how it derives from the record. */
  result?: Field;
  compute?(record: Readonly<Record<string, unknown>>): unknown;
}

export type FieldValue<F> = F extends Field<infer T> ? T : never;

export interface CommonOptions<T> {
  required?: boolean;
  readOnly?: boolean;
  filter?: readonly FilterOperator[];
  sortable?: boolean;
  default?: T;
  unique?: boolean;
}

export const TEXT_OPS = ['eq', 'neq', 'contains', 'startsWith', 'in', 'isNull'] as const;
export const ORDERED_OPS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'between', 'isNull'] as const;

/**
 * Builds a field of a kind. Apart from fields.ts, which composes the kinds of kinds/ into `f`, so each kind
 * module builds its fields without importing the catalogue that imports it.
 */
export function field<T, K extends FieldKind>(
  kind: K,
  schema: z.ZodType<T>,
  sql: string,
  allowedOps: readonly FilterOperator[],
  opts: CommonOptions<T> & { searchable?: boolean },
  extra: Partial<Field<T, K>> = {},
): Field<T, K> {
  const filter = opts.filter ?? allowedOps;
  const illegal = filter.filter((op) => !allowedOps.includes(op));
  if (illegal.length > 0) throw new Error(`Field kind ${kind} does not support operators ${illegal.join(', ')}`);
  return {
    kind,
    schema,
    sql,
    required: opts.required ?? false,
    readOnly: opts.readOnly ?? false,
    filter,
    sortable: opts.sortable ?? allowedOps.includes('lt'),
    searchable: opts.searchable ?? false,
    writeOnly: false,
    unique: opts.unique ?? false,
    default: opts.default,
    ...extra,
  };
}
