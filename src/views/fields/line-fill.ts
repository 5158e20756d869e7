import type { PriceQuote } from '../../../resources/sales/prices';
import { decimal, todayInItaly, type Field, type LineFill, type LineFillValue } from '../../../resources/schema';

type Row = Record<string, unknown>;
export type FillValues = Partial<Record<LineFillValue, unknown>>;

/** What the lookup prices; the rest of a quote (description, unit) describes the product. */
const PRICE_VALUES: readonly LineFillValue[] = ['vatRate', 'vatNature', 'unitPrice', 'discountPercent'];

/**
 * The day a line is priced on (docs/spa.md#lines-filled-from-the-product): a date as it is, a datetime's day in
 * Italy (an activity's planned start), today in Italy while the form has none.
 */
export function lookupDay(value: unknown, now: Date = new Date()): string {
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\d$/.test(value)) return value;
  if (typeof value === 'string' && value !== '') {
    const at = new Date(value);
    if (!Number.isNaN(at.getTime())) return todayInItaly(at);
  }
  return todayInItaly(now);
}

/**
 * The query of `GET /sales/api/prices/lookup` (docs/wire-contract.md#price-lookup) for a product picked on a line:
 * the record's customer (when it has one) and day, the line's quantity when it is a positive decimal.
 */
export function lookupQuery(fill: LineFill, record: Row, line: Row, productId: string, now?: Date): string {
  const query = new URLSearchParams({ productId, date: lookupDay(fill.date && record[fill.date], now) });
  const customer = fill.customer ? record[fill.customer] : undefined;
  if (typeof customer === 'string' && customer !== '') query.set('customerId', customer);
  const quantity = fill.quantity ? line[fill.quantity] : undefined;
  if (typeof quantity === 'string' && decimal.DECIMAL_PATTERN.test(quantity) && decimal.compare(quantity, 0) > 0)
    query.set('quantity', quantity);
  return query.toString();
}

/** Whether a pick asks the lookup: a product pick for anything it fills, an item's product for its prices. */
export function asksLookup(fill: LineFill, picked: 'product' | 'item'): boolean {
  const wanted = Object.keys(fill.into) as LineFillValue[];
  return picked === 'product'
    ? wanted.some((value) => value !== 'productId')
    : wanted.some((value) => PRICE_VALUES.includes(value));
}

/** What a picked warehouse item gives its line: its name, its unit and the product it is sold as. */
export function itemValues(item: Row): FillValues {
  return { description: item.name, uom: item.uom, productId: item.productId ?? null };
}

/** What the lookup gives a line; for an item's product only the price and VAT (the item names and counts the line). */
export function quoteValues(quote: PriceQuote, picked: 'product' | 'item'): FillValues {
  const prices: FillValues = {
    vatRate: quote.vatRate,
    vatNature: quote.vatNature,
    unitPrice: quote.unitPrice,
    discountPercent: quote.discountPercent,
  };
  if (picked === 'item') return prices;
  return { productId: quote.productId, description: quote.description, uom: quote.uom, ...prices };
}

/** A value a line field can hold: an enum only one of its values (a product's "forfait" is no item unit). */
function fits(field: Field | undefined, value: unknown): boolean {
  if (!field || value === undefined) return false;
  if (field.kind !== 'enum' || value === null) return true;
  return typeof value === 'string' && (field.values ?? []).includes(value);
}

/** The line's fields to set, by the definition's `into`: only the values given that the field can hold. */
export function linePatch(fill: LineFill, lineFields: Readonly<Record<string, Field>>, values: FillValues): Row {
  const patch: Row = {};
  for (const [value, sub] of Object.entries(fill.into) as [LineFillValue, string][])
    if (Object.hasOwn(values, value) && fits(lineFields[sub], values[value])) patch[sub] = values[value] ?? null;
  return patch;
}
