import { z } from 'zod';
import { attachmentKinds } from './kinds/attachments';
import { collectionKinds } from './kinds/collections';
import { derivedKinds } from './kinds/derived';
import { identifierKinds } from './kinds/identifiers';
import { decimalSchema, numericKinds } from './kinds/numeric';
import { field, ORDERED_OPS, TEXT_OPS, type CommonOptions } from './field';
import { isItalianProvince } from './provinces';

export * from './field';

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
  // Kinds declared in kinds/, one module per family (docs/architecture.md#field-kinds).
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
  reference(
    target: string,
    opts: CommonOptions<string> & { narrowBy?: Record<string, string>; only?: Record<string, string> } = {},
  ) {
    const { narrowBy, only, ...common } = opts;
    return field(
      'reference',
      z.uuid(),
      'uuid',
      ['eq', 'neq', 'in', 'isNull'],
      { sortable: false, ...common },
      { reference: target, ...(narrowBy ? { narrowBy } : {}), ...(only ? { only } : {}) },
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

/** Structured postal address (docs/domain.md#italian-identifiers). */
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
