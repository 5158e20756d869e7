import type { Field } from './field';

/** The values a picked product or item gives its line (the price lookup's answer, docs/wire-contract.md#price-lookup). */
export const LINE_FILL_VALUES = [
  'productId',
  'description',
  'uom',
  'vatRate',
  'vatNature',
  'unitPrice',
  'discountPercent',
] as const;
export type LineFillValue = (typeof LINE_FILL_VALUES)[number];

/**
 * How a lines field's form fills a line from the product or warehouse item picked on it
 * (docs/spa.md#lines-filled-from-the-product), as plain data: which line field is the product, which the item,
 * which of the record's fields are the customer and the document date the price lookup reads, and which line
 * field each looked-up value goes into. `L` names the line's fields.
 */
export interface LineFill<L extends string = string> {
  /** The line's product reference (sales/products): a pick asks the price lookup. */
  product?: L;
  /** The line's warehouse item reference (wh/items): a pick fills from the item, then prices the item's product. */
  item?: L;
  /** The line's quantity: the lookup gives the quantity price it reaches (1 while it is empty). */
  quantity?: L;
  /** The record's customer reference: its price list and discount apply (the default list's price without it). */
  customer?: string;
  /** The record's document date (a date, or a datetime whose day in Italy counts); today when empty. */
  date?: string;
  /** The line field each value goes into; a value left out is not filled. */
  into: Partial<Record<LineFillValue, L>>;
}

/**
 * A definition's line fills, checked once when it is declared: the fields they name exist, on the line or
 * on the record, and the product and item are references to what the lookup and the fill read.
 */
export function checkLineFills(name: string, fields: Readonly<Record<string, Field>>): void {
  for (const [linesName, linesField] of Object.entries(fields)) {
    const fill = linesField.fill;
    if (!fill) continue;
    const where = `Resource ${name}: ${linesName}'s fill`;
    const lineFields = linesField.lineFields ?? {};
    const lineRef = (sub: string | undefined, target: string) => {
      if (sub !== undefined && lineFields[sub]?.reference !== target)
        throw new Error(`${where}: ${sub} is not a line reference to ${target}`);
    };
    lineRef(fill.product, 'sales/products');
    lineRef(fill.item, 'wh/items');
    if (fill.product === undefined && fill.item === undefined) throw new Error(`${where} names no product or item`);
    if (fill.quantity !== undefined && !Object.hasOwn(lineFields, fill.quantity))
      throw new Error(`${where}: unknown line field ${fill.quantity}`);
    for (const [value, sub] of Object.entries(fill.into)) {
      if (!(LINE_FILL_VALUES as readonly string[]).includes(value)) throw new Error(`${where}: unknown value ${value}`);
      if (sub === undefined || !Object.hasOwn(lineFields, sub)) throw new Error(`${where}: unknown line field ${sub}`);
    }
    if (fill.customer !== undefined && fields[fill.customer]?.reference !== 'sales/customers')
      throw new Error(`${where}: ${fill.customer} is not a reference to sales/customers`);
    const dateKind = fill.date === undefined ? undefined : fields[fill.date]?.kind;
    if (fill.date !== undefined && dateKind !== 'date' && dateKind !== 'datetime')
      throw new Error(`${where}: ${fill.date} is not a date or datetime field`);
  }
}
