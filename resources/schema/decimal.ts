import Big from 'big.js';

/**
 * Exact decimal arithmetic shared by both halves (money never passes through a JS float). Values on the
 * wire and in records are strings such as "1234.50"; `Big` does the maths; results are rounded half-up
 * (docs/domain.md#money-and-decimals) and written back as strings with a fixed number of decimals.
 */
export { Big };

/**
 * What the helpers take: a record's decimal string, a Big, a number, or nothing (= 0). Typed `unknown`
 * so a compute function can pass a record's values as they are.
 */
export type DecimalLike = unknown;

/** A plain decimal as the wire carries it: optional sign, digits, optional fraction; no exponent, no grouping. */
export const DECIMAL_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A Big of the value; null, undefined, '' and anything unparsable count as 0, so a form's preview of a
 * half-typed line shows a total instead of failing. Validated records never hold unparsable values.
 */
export function dec(value: unknown): Big {
  if (value instanceof Big) return value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Big(value) : new Big(0);
  // Big reads no leading '+'.
  if (typeof value === 'string' && DECIMAL_PATTERN.test(value.trim())) return new Big(value.trim().replace(/^\+/, ''));
  return new Big(0);
}

/** Rounded half-up to `scale` decimals, written with exactly that many: `round('2.345', 2)` is "2.35". */
export function round(value: DecimalLike, scale = 2): string {
  const rounded = dec(value).round(scale, Big.roundHalfUp);
  // Big keeps the sign of zero ("-0.00"): no amount should read like that.
  return (rounded.eq(0) ? new Big(0) : rounded).toFixed(scale);
}

/** Sum of the values, exact. */
export function sum(values: Iterable<DecimalLike>): Big {
  let total = new Big(0);
  for (const value of values) total = total.plus(dec(value));
  return total;
}

/** Sum of one key over lines (e.g. each line's `lineTotal`), rounded to `scale`; anything but an array sums to 0. */
export function sumOf(lines: unknown, key: string, scale = 2): string {
  const rows = Array.isArray(lines) ? lines : [];
  return round(
    sum(
      rows.map((line: unknown) =>
        typeof line === 'object' && line !== null ? (line as Record<string, unknown>)[key] : 0,
      ),
    ),
    scale,
  );
}

/**
 * A line's amount: round2(quantity × unitPrice × (1 − discountPercent / 100)), the MoneyLine rule of
 * docs/domain.md#money-and-decimals. A missing discount is no discount.
 */
export function lineAmount(
  quantity: DecimalLike,
  unitPrice: DecimalLike,
  discountPercent?: DecimalLike,
  scale = 2,
): string {
  const factor = new Big(1).minus(dec(discountPercent).div(100));
  return round(dec(quantity).times(dec(unitPrice)).times(factor), scale);
}

/** -1, 0 or 1, comparing the values exactly. */
export function compare(a: DecimalLike, b: DecimalLike): -1 | 0 | 1 {
  return dec(a).cmp(dec(b)) as -1 | 0 | 1;
}

/**
 * A wire decimal checked against numeric(precision, scale) and written canonically with `scale`
 * decimals ("12.5" -> "12.50", "+007" -> "7.00"). Returns a reason instead when it does not fit: never
 * rounds silently, since a client that sends more decimals than the column has made a mistake.
 */
export function canonicalDecimal(
  text: string,
  precision: number,
  scale: number,
): { value: string } | { error: 'format' | 'scale' | 'precision' } {
  const trimmed = text.trim();
  if (!DECIMAL_PATTERN.test(trimmed)) return { error: 'format' };
  const unsigned = trimmed.replace(/^[+-]/, '');
  const [whole = '', fraction = ''] = unsigned.split('.');
  if (fraction.replace(/0+$/, '').length > scale) return { error: 'scale' };
  if (whole.replace(/^0+/, '').length > precision - scale) return { error: 'precision' };
  return { value: round(trimmed, scale) };
}

/** The largest magnitude numeric(precision, scale) holds, e.g. "99999999999.99" for (13, 2). */
export function decimalLimit(precision: number, scale: number): string {
  const whole = precision > scale ? '9'.repeat(precision - scale) : '0';
  return scale > 0 ? `${whole}.${'9'.repeat(scale)}` : whole;
}
