import { z } from 'zod';
import { canonicalDecimal, compare, decimalLimit } from '../decimal';
import { field, ORDERED_OPS, type CommonOptions } from '../field';

/** Bounds are written as decimals ("0", "100", "-5.5"); numbers are accepted for convenience. */
type Bound = string | number;

export interface DecimalOptions extends CommonOptions<string> {
  /** Digits in all, as in numeric(precision, scale). */
  precision: number;
  /** Digits after the point. */
  scale: number;
  min?: Bound;
  max?: Bound;
}

/**
 * A decimal on the wire is a string ("12.50"): numbers are refused, since a JSON number may already have
 * gone through a float. The value comes out canonical, with exactly `scale` decimals; more decimals than
 * that, or more whole digits than the column holds, are refused rather than rounded.
 */
export function decimalSchema(precision: number, scale: number, min?: Bound, max?: Bound): z.ZodType<string> {
  if (!Number.isInteger(precision) || !Number.isInteger(scale) || scale < 0 || precision < 1 || scale > precision)
    throw new Error(`Invalid decimal(${precision}, ${scale})`);
  const limit = decimalLimit(precision, scale);
  const lower = min === undefined ? `-${limit}` : String(min);
  const upper = max === undefined ? limit : String(max);
  return z.string().transform((text, ctx) => {
    const parsed = canonicalDecimal(text, precision, scale);
    if ('error' in parsed) {
      if (parsed.error === 'precision') {
        const negative = text.trim().startsWith('-');
        ctx.addIssue(
          negative
            ? { code: 'custom', message: 'validation.minValue', params: { min: lower } }
            : { code: 'custom', message: 'validation.maxValue', params: { max: upper } },
        );
      } else {
        ctx.addIssue({ code: 'custom', message: 'validation.decimal', params: { scale } });
      }
      return z.NEVER;
    }
    if (compare(parsed.value, lower) < 0) {
      ctx.addIssue({ code: 'custom', message: 'validation.minValue', params: { min: lower } });
      return z.NEVER;
    }
    if (compare(parsed.value, upper) > 0) {
      ctx.addIssue({ code: 'custom', message: 'validation.maxValue', params: { max: upper } });
      return z.NEVER;
    }
    return parsed.value;
  });
}

function decimalField<K extends 'decimal' | 'money' | 'percent'>(kind: K, opts: DecimalOptions) {
  const { precision, scale, min, max, ...common } = opts;
  return field(kind, decimalSchema(precision, scale, min, max), `numeric(${precision},${scale})`, ORDERED_OPS, common, {
    precision,
    scale,
    minValue: min === undefined ? undefined : String(min),
    maxValue: max === undefined ? undefined : String(max),
  });
}

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/** Numeric kinds. */
export function numericKinds() {
  return {
    /** A whole number: SQL integer, a JSON number on the wire. */
    integer(opts: CommonOptions<number> & { min?: number; max?: number } = {}) {
      const { min = INT_MIN, max = INT_MAX, ...common } = opts;
      const schema = z
        .number()
        .refine(Number.isInteger, { error: 'validation.integer' })
        .refine((n) => n >= min, { error: 'validation.minValue', params: { min } })
        .refine((n) => n <= max, { error: 'validation.maxValue', params: { max } });
      return field('integer', schema, 'integer', ORDERED_OPS, common, {
        minValue: opts.min === undefined ? undefined : String(min),
        maxValue: opts.max === undefined ? undefined : String(max),
      });
    },
    /** An exact decimal, numeric(precision, scale); a string with exactly `scale` decimals on the wire. */
    decimal(opts: DecimalOptions) {
      return decimalField('decimal', opts);
    },
    /** An amount in the tenant's currency: decimal(13,2), shown with the currency. */
    money(opts: CommonOptions<string> & { min?: Bound; max?: Bound } = {}) {
      return decimalField('money', { precision: 13, scale: 2, ...opts });
    },
    /** A price per unit: decimal(19,8) as FatturaPA allows, never negative unless `min` says so. */
    unitPrice(opts: CommonOptions<string> & { min?: Bound; max?: Bound } = {}) {
      return decimalField('money', { precision: 19, scale: 8, min: 0, ...opts });
    },
    /** A quantity: decimal(15,3) (kilograms of refrigerant to the gram). */
    quantity(opts: CommonOptions<string> & { min?: Bound; max?: Bound } = {}) {
      return decimalField('decimal', { precision: 15, scale: 3, ...opts });
    },
    /** A percentage from 0 to 100 with two decimals: decimal(5,2). */
    percent(opts: CommonOptions<string> & { min?: Bound; max?: Bound } = {}) {
      return decimalField('percent', { precision: 5, scale: 2, min: 0, max: 100, ...opts });
    },
  };
}
