import { describe, expect, it } from 'vitest';
import { f, type LineFill } from '../../../resources/schema';
import {
  asksLookup,
  itemValues,
  linePatch,
  lookupDay,
  lookupQuery,
  quoteValues,
} from '../../../src/views/fields/line-fill';

const quote = {
  productId: 'p1',
  description: 'Filtro deidratatore',
  uom: 'forfait',
  vatRate: '0.00',
  vatNature: 'N6.7',
  unitPrice: '80.00000000',
  discountPercent: '7.50',
  priceListId: 'l1',
};
const money: LineFill = {
  product: 'productId',
  quantity: 'quantity',
  customer: 'customerId',
  date: 'date',
  into: { description: 'description', uom: 'uom', vatRate: 'vatRate', vatNature: 'vatNature', unitPrice: 'unitPrice' },
};
const materials: LineFill = {
  product: 'productId',
  item: 'itemId',
  customer: 'customerId',
  date: 'scheduledStart',
  into: { productId: 'productId', description: 'description', uom: 'uom', unitPrice: 'unitPrice' },
};
const materialFields = {
  productId: f.reference('sales/products'),
  description: f.text(),
  uom: f.enum(['pz', 'kg', 'm', 'l']),
  unitPrice: f.unitPrice(),
};

describe('lookupDay', () => {
  const now = new Date('2026-06-30T23:30:00Z');
  it('a date as it is, a datetime by its day in Italy, today in Italy without either', () => {
    expect(lookupDay('2026-03-02', now)).toBe('2026-03-02');
    expect(lookupDay('2026-03-02T23:30:00.000Z', now)).toBe('2026-03-03');
    expect(lookupDay(null, now)).toBe('2026-07-01');
    expect(lookupDay('', now)).toBe('2026-07-01');
  });
});

describe('lookupQuery', () => {
  it("the product, the record's customer and day, the line's positive quantity", () => {
    const query = new URLSearchParams(
      lookupQuery(money, { customerId: 'c1', date: '2026-03-02' }, { quantity: '12.000' }, 'p1'),
    );
    expect(Object.fromEntries(query)).toEqual({
      productId: 'p1',
      date: '2026-03-02',
      customerId: 'c1',
      quantity: '12.000',
    });
  });
  it('leaves out an empty customer and a quantity that is not one', () => {
    for (const quantity of [null, '', '0', 'abc', '-1']) {
      const query = new URLSearchParams(
        lookupQuery(money, { customerId: null, date: '2026-03-02' }, { quantity }, 'p1'),
      );
      expect(Object.fromEntries(query)).toEqual({ productId: 'p1', date: '2026-03-02' });
    }
  });
});

describe('what a pick fills', () => {
  it('asks the lookup for a product pick, and for an item only when the line takes prices', () => {
    expect(asksLookup(money, 'product')).toBe(true);
    expect(asksLookup(materials, 'item')).toBe(true);
    expect(asksLookup({ item: 'itemId', into: { description: 'description', uom: 'uom' } }, 'item')).toBe(false);
    expect(asksLookup({ product: 'productId', into: { productId: 'productId' } }, 'product')).toBe(false);
  });
  it("fills the line fields `into` names with the quote's values", () => {
    expect(linePatch(money, {}, quoteValues(quote, 'product'))).toEqual({});
    const fields = {
      description: f.text(),
      uom: f.text(),
      vatRate: f.percent(),
      vatNature: f.text(),
      unitPrice: f.unitPrice(),
    };
    expect(linePatch(money, fields, quoteValues(quote, 'product'))).toEqual({
      description: 'Filtro deidratatore',
      uom: 'forfait',
      vatRate: '0.00',
      vatNature: 'N6.7',
      unitPrice: '80.00000000',
    });
  });
  it('an enum field takes only one of its values: a product unit that is no item unit stays out', () => {
    expect(linePatch(materials, materialFields, quoteValues(quote, 'product'))).toEqual({
      productId: 'p1',
      description: 'Filtro deidratatore',
      unitPrice: '80.00000000',
    });
    expect(linePatch(materials, materialFields, quoteValues({ ...quote, uom: 'kg' }, 'product')).uom).toBe('kg');
  });
  it("an item gives its name, unit and product; its product's quote then only the price", () => {
    const item = { name: 'Valvola a magazzino', uom: 'pz', productId: 'p1' };
    expect(linePatch(materials, materialFields, itemValues(item))).toEqual({
      productId: 'p1',
      description: 'Valvola a magazzino',
      uom: 'pz',
    });
    expect(linePatch(materials, materialFields, quoteValues(quote, 'item'))).toEqual({ unitPrice: '80.00000000' });
  });
});
