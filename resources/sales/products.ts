import { decimal, defineResource, f, requiredWhen, type RecordInput, type Rule } from '../schema';
import { issue, onlyWhen, rowsOf } from './rules';

export const PRODUCT_TYPES = ['goods', 'service', 'labour', 'travel', 'callOutFee', 'refrigerant'] as const;

const fields = {
  code: f.text({ required: true, max: 35, unique: true, searchable: true }),
  name: f.text({ required: true, max: 120, searchable: true }),
  description: f.longText({ max: 1000 }),
  type: f.enum(PRODUCT_TYPES, { required: true, default: 'goods' }),
  /** pz, h, km, kg, m, forfait ... (FatturaPA UnitaMisura, 10 characters). */
  uom: f.text({ required: true, max: 10 }),
  vatRateId: f.reference('sales/vat-rates', { required: true }),
  /** Goods kept in stock: then the warehouse item is required. */
  stockTracked: f.boolean({ default: false }),
  warehouseItemId: f.reference('wh/items'),
  refrigerantCode: f.reference('wfm/refrigerants'),
  prices: f.lines(
    {
      priceListId: f.reference('sales/price-lists', { required: true }),
      unitPrice: f.unitPrice({ required: true }),
      currency: f.text({ max: 3, pattern: /^[A-Z]{3}$/, default: 'EUR' }),
      validFrom: f.date({ required: true }),
      validTo: f.date(),
      minQuantity: f.quantity({ min: 0 }),
    },
    { required: true, min: 1, max: 50 },
  ),
  costPrice: f.unitPrice(),
  active: f.boolean({ default: true }),
};

type Product = RecordInput<typeof fields>;

const isStocked = (p: Product) => p.type === 'goods' || p.type === 'refrigerant';

/**
 * Each price is valid from `validFrom` to `validTo` (open-ended when empty); two prices of one list and
 * minimum quantity may not be valid on the same day.
 */
const prices: Rule<Product> = (p) => {
  const lines = rowsOf(p.prices);
  const end = (line: Record<string, unknown>) => (typeof line.validTo === 'string' ? line.validTo : '9999-12-31');
  const key = (line: Record<string, unknown>) => `${String(line.priceListId)}|${decimal.round(line.minQuantity, 3)}`;
  return lines.flatMap((line, i) => {
    if (typeof line.validTo === 'string' && typeof line.validFrom === 'string' && line.validTo < line.validFrom)
      return [issue(`prices.${i}.validTo`, 'notBeforeStart')];
    const overlaps = lines.some(
      (other, j) =>
        j < i &&
        key(other) === key(line) &&
        String(other.validFrom) <= end(line) &&
        String(line.validFrom) <= end(other),
    );
    return overlaps ? [issue(`prices.${i}.validFrom`, 'priceOverlap')] : [];
  });
};

/** A sellable product or service with its prices (docs/domain.md#payment-terms-and-price-lists). */
export default defineResource({
  name: 'sales/products',
  service: 'sales',
  endpoint: 'products',
  table: 'products',
  recordRepresentation: ['code', 'name'],
  fields,
  rules: [
    onlyWhen<Product>('stockTracked', (p) => p.stockTracked !== true || isStocked(p), 'onlyGoods'),
    requiredWhen<Product>('warehouseItemId', (p) => p.stockTracked === true && isStocked(p)),
    requiredWhen<Product>('refrigerantCode', (p) => p.type === 'refrigerant'),
    onlyWhen<Product>('refrigerantCode', (p) => p.type === 'refrigerant', 'onlyRefrigerant'),
    (p) => (p.type === 'refrigerant' && p.uom !== null && p.uom.toLowerCase() !== 'kg' ? [issue('uom', 'uomKg')] : []),
    prices,
  ],
  views: {
    list: {
      columns: ['code', 'name', 'type', 'uom', 'vatRateId', 'costPrice', 'active'],
      sort: { field: 'code', order: 'ASC' },
      filters: ['q', 'type', 'vatRateId', 'active'],
    },
    form: {
      sections: [
        { id: 'product', fields: ['code', 'name', 'type', 'uom', 'vatRateId', 'active', 'description'] },
        { id: 'stock', fields: ['stockTracked', 'warehouseItemId', 'refrigerantCode', 'costPrice'] },
        { id: 'prices', fields: ['prices'] },
      ],
    },
  },
});
