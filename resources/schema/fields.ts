import { z } from 'zod';
import { attachmentKinds } from './kinds/attachments';
import { collectionKinds } from './kinds/collections';
import { derivedKinds } from './kinds/derived';
import { identifierKinds } from './kinds/identifiers';
import { decimalSchema, numericKinds } from './kinds/numeric';
import { isItalianProvince } from './provinces';

/** Operators of the list contract (ARCHITECTURE.md section 4); each field kind allows a subset. */
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

/** Builds a field of a kind; the kind modules in kinds/ use it too. */
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

/** Italian mobile and landline numbers without a prefix get +39; the result is E.164. */
export function normalisePhone(input: string): string {
  let s = input.replace(/[\s().\-/]/g, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (!s.startsWith('+')) s = `+39${s}`;
  return s;
}

/** ISO-8601 admits year 0000; PostgreSQL (and the proleptic calendar users mean) has no such year. */
const notYearZero = (value: string) => !value.startsWith('0000');

export const f = {
  // Kinds declared in kinds/, one module per family (ARCHITECTURE.md section 2).
  ...numericKinds(),
  ...collectionKinds(),
  ...identifierKinds(),
  ...derivedKinds(),
  ...attachmentKinds(),
  text(opts: CommonOptions<string> & { max?: number; searchable?: boolean; pattern?: RegExp } = {}) {
    const max = opts.max ?? 255;
    let schema = z.string().trim().min(1).max(max);
    if (opts.pattern) schema = schema.regex(opts.pattern);
    return field('text', schema, 'text', TEXT_OPS, { sortable: true, ...opts }, { max });
  },
  longText(opts: CommonOptions<string> & { max?: number; searchable?: boolean } = {}) {
    const max = opts.max ?? 4000;
    return field(
      'longText',
      z.string().trim().min(1).max(max),
      'text',
      ['contains', 'isNull'],
      { sortable: false, ...opts },
      { max },
    );
  },
  /** HTML from the editor; the server sanitises it before storing. */
  richText(opts: CommonOptions<string> & { max?: number } = {}) {
    const max = opts.max ?? 20000;
    return field(
      'richText',
      z.string().max(max),
      'text',
      ['contains', 'isNull'],
      { sortable: false, ...opts },
      { max },
    );
  },
  email(opts: CommonOptions<string> & { searchable?: boolean } = {}) {
    const schema = z.string().trim().toLowerCase().max(254).pipe(z.email());
    return field('email', schema, 'text', TEXT_OPS, { sortable: true, ...opts }, { max: 254 });
  },
  phone(opts: CommonOptions<string> & { searchable?: boolean } = {}) {
    const schema = z
      .string()
      .trim()
      .min(1)
      .max(30)
      .transform(normalisePhone)
      .pipe(z.string().regex(/^\+[1-9]\d{5,14}$/, { error: 'validation.phone' }));
    return field(
      'phone',
      schema,
      'text',
      ['eq', 'contains', 'startsWith', 'isNull'],
      { sortable: false, ...opts },
      { max: 20 },
    );
  },
  enum<const V extends readonly [string, ...string[]]>(values: V, opts: CommonOptions<V[number]> = {}) {
    return field(
      'enum',
      z.enum(values),
      'text',
      ['eq', 'neq', 'in', 'isNull'],
      { sortable: true, ...opts },
      { values },
    );
  },
  boolean(opts: CommonOptions<boolean> = {}) {
    return field('boolean', z.boolean(), 'boolean', ['eq', 'neq', 'isNull'], { sortable: true, ...opts });
  },
  /** A calendar date, `YYYY-MM-DD` on the wire. */
  date(opts: CommonOptions<string> = {}) {
    return field('date', z.iso.date().refine(notYearZero, { error: 'validation.date' }), 'date', ORDERED_OPS, opts);
  },
  /** An instant, ISO-8601 with offset on the wire, stored UTC. */
  datetime(opts: CommonOptions<string> = {}) {
    const schema = z.iso
      .datetime({ offset: true })
      .refine(notYearZero, { error: 'validation.date' })
      .transform((s) => new Date(s).toISOString());
    return field('datetime', schema, 'timestamptz', ORDERED_OPS, opts);
  },
  reference(target: string, opts: CommonOptions<string> & { narrowBy?: Record<string, string> } = {}) {
    const { narrowBy, ...common } = opts;
    return field(
      'reference',
      z.uuid(),
      'uuid',
      ['eq', 'neq', 'in', 'isNull'],
      { sortable: false, ...common },
      { reference: target, ...(narrowBy ? { narrowBy } : {}) },
    );
  },
  address(opts: CommonOptions<Address> = {}) {
    return field('address', addressSchema, 'jsonb', [], { sortable: false, ...opts });
  },
  /**
   * Several values of a fixed list (a user's roles), stored as text[] without duplicates. The `in`
   * filter means "has any of"; `isNull` true means "has none".
   */
  enumList<const V extends readonly [string, ...string[]]>(values: V, opts: CommonOptions<V[number][]> = {}) {
    const schema = z
      .array(z.enum(values))
      .min(1)
      .max(values.length)
      .refine((list) => new Set(list).size === list.length, { error: 'validation.duplicates' });
    return field('enumList', schema, 'text[]', ['in', 'isNull'], { sortable: false, ...opts }, { values });
  },
  /**
   * A secret the client sets but never reads back: write-only, not stored as typed (a hook stores a
   * hash). On an update, absent or null leaves it unchanged. Not trimmed: spaces may be part of it.
   */
  password(opts: Pick<CommonOptions<string>, 'required'> & { min?: number; max?: number } = {}) {
    const schema = z
      .string()
      .min(opts.min ?? 8)
      .max(opts.max ?? 128);
    return {
      ...field('password', schema, '', [], { sortable: false, required: opts.required }, { max: opts.max ?? 128 }),
      writeOnly: true,
    };
  },
};

/** Structured postal address (DOMAIN.md section 5.1). */
export const addressSchema = z
  .object({
    street: z.string().trim().min(1).max(60),
    streetNumber: z.string().trim().max(8).optional(),
    zip: z.string().trim().min(1).max(10),
    city: z.string().trim().min(1).max(60),
    province: z.string().trim().toUpperCase().length(2).optional(),
    country: z.string().trim().toUpperCase().length(2).default('IT'),
    // Set by geocoding for the planner's map: decimal(9,6) strings like every exact number.
    latitude: decimalSchema(9, 6, -90, 90).optional(),
    longitude: decimalSchema(9, 6, -180, 180).optional(),
  })
  .strict()
  .superRefine((a, ctx) => {
    if (a.country !== 'IT') return;
    if (!/^\d{5}$/.test(a.zip)) ctx.addIssue({ code: 'custom', path: ['zip'], message: 'validation.zip' });
    if (!a.province) ctx.addIssue({ code: 'custom', path: ['province'], message: 'validation.required' });
    else if (!isItalianProvince(a.province))
      ctx.addIssue({ code: 'custom', path: ['province'], message: 'validation.province' });
  });
export type Address = z.output<typeof addressSchema>;
