import { describe, expect, it } from 'vitest';
import { defineResource, f, type LineFill } from '../../../resources/schema';

const lineFields = {
  productId: f.reference('sales/products'),
  itemId: f.reference('wh/items'),
  description: f.text(),
  quantity: f.quantity(),
  unitPrice: f.unitPrice(),
};

/** A resource whose lines fill as `fill` says, with a customer and a date on the record. */
const withFill = (fill: LineFill) =>
  defineResource({
    name: 'sales/fill-samples',
    service: 'sales',
    endpoint: 'fill-samples',
    recordRepresentation: ['date'],
    fields: {
      customerId: f.reference('sales/customers'),
      date: f.date(),
      note: f.text(),
      lines: f.lines(lineFields, { fill: fill as LineFill<keyof typeof lineFields> }),
    },
    views: { list: { columns: ['date'], sort: { field: 'date', order: 'DESC' } }, form: { sections: [] } },
  });

describe('lines fill (docs/spa.md#lines-filled-from-the-product)', () => {
  const valid: LineFill = {
    product: 'productId',
    item: 'itemId',
    quantity: 'quantity',
    customer: 'customerId',
    date: 'date',
    into: { description: 'description', unitPrice: 'unitPrice' },
  };

  it('is kept on the lines field as declared', () => {
    expect(withFill(valid).fields.lines.fill).toEqual(valid);
    expect(f.lines(lineFields).fill).toBeUndefined();
  });
  it('refuses a product or item that is no reference to what the lookup reads', () => {
    expect(() => withFill({ ...valid, product: 'description' })).toThrow(/description is not a line reference/);
    expect(() => withFill({ ...valid, item: 'productId' })).toThrow(/productId is not a line reference to wh\/items/);
    expect(() => withFill({ into: {} })).toThrow(/names no product or item/);
  });
  it('refuses line fields, values and record fields that do not exist or do not fit', () => {
    expect(() => withFill({ ...valid, into: { unitPrice: 'price' } })).toThrow(/unknown line field price/);
    expect(() => withFill({ ...valid, into: { cost: 'unitPrice' } as never })).toThrow(/unknown value cost/);
    expect(() => withFill({ ...valid, quantity: 'qty' })).toThrow(/unknown line field qty/);
    expect(() => withFill({ ...valid, customer: 'note' })).toThrow(/note is not a reference to sales\/customers/);
    expect(() => withFill({ ...valid, date: 'note' })).toThrow(/note is not a date or datetime field/);
  });
});
