import { defineResource, f, isValidEan, normaliseCode, requiredWhen, type RecordInput, type Rule } from '../schema';
import { unitField } from './shared';

const fields = {
  sku: f.text({
    required: true,
    max: 35,
    unique: true,
    searchable: true,
    filter: ['eq', 'contains', 'startsWith', 'in'],
  }),
  name: f.text({ required: true, max: 120, searchable: true }),
  manufacturerId: f.reference('wh/manufacturers'),
  manufacturerPartNumber: f.text({ max: 40, searchable: true }),
  barcode: f.ean({ unique: true, searchable: true }),
  uom: unitField({ required: true, default: 'pz' }),
  tracking: f.enum(['none', 'lot', 'serial'], { required: true, default: 'none' }),
  minStock: f.quantity({ min: 0 }),
  reorderQty: f.quantity({ min: 0 }),
  weightKg: f.decimal({ precision: 10, scale: 3, min: 0 }),
  isRefrigerant: f.boolean({ default: false, filter: ['eq'] }),
  refrigerantId: f.reference('wfm/refrigerants'),
  standardCost: f.unitPrice(),
  /** Weighted average of the costs of `in` movements: kept by the stock posting, never typed. */
  averageCost: f.unitPrice({ readOnly: true }),
  productId: f.reference('sales/products'),
  /** Alternative codes the item is known by (a supplier's, the manufacturer's, a second EAN). */
  codes: f.lines(
    {
      kind: f.enum(['supplier', 'manufacturer', 'internal', 'ean'], { required: true }),
      code: f.text({ required: true, max: 40 }),
    },
    { max: 50 },
  ),
  /** Where the item is bought (WarehouseItemRetailer, docs/domain.md#parties): one line per retailer. */
  supplies: f.lines(
    {
      retailerId: f.reference('wh/retailers', { required: true }),
      retailerSku: f.text({ max: 35 }),
      lastPurchasePrice: f.unitPrice(),
      lastPurchaseAt: f.date(),
      leadTimeDays: f.integer({ min: 0, max: 365 }),
      preferred: f.boolean({ default: false }),
    },
    { max: 50 },
  ),
  active: f.boolean({ default: true, filter: ['eq'] }),
};

type Item = RecordInput<typeof fields>;

/** Refrigerant is sold and recorded by weight (F-gas registers count kilograms). */
const refrigerantInKg: Rule<Item> = (item) =>
  item.isRefrigerant === true && item.uom !== 'kg' ? [{ path: 'uom', message: 'validation.wh.refrigerantKg' }] : [];

/** An alternative code of kind `ean` carries its check digit; the same code is listed once. */
const validCodes: Rule<Item> = (item) => {
  const seen = new Set<string>();
  return (item.codes ?? []).flatMap((line, i) => {
    if (!line.code || !line.kind) return [];
    const key = `${line.kind}:${line.code.toLowerCase()}`;
    if (seen.has(key)) return [{ path: `codes.${i}.code`, message: 'validation.duplicates' }];
    seen.add(key);
    return line.kind === 'ean' && !isValidEan(normaliseCode(line.code))
      ? [{ path: `codes.${i}.code`, message: 'validation.ean' }]
      : [];
  });
};

/** One line per retailer, and at most one preferred retailer. */
const validSupplies: Rule<Item> = (item) => {
  const retailers = new Set<string>();
  let preferred = 0;
  return (item.supplies ?? []).flatMap((line, i) => {
    const issues: ReturnType<Rule<Item>> = [];
    if (line.retailerId) {
      if (retailers.has(line.retailerId))
        issues.push({ path: `supplies.${i}.retailerId`, message: 'validation.duplicates' });
      retailers.add(line.retailerId);
    }
    if (line.preferred === true && ++preferred > 1)
      issues.push({ path: `supplies.${i}.preferred`, message: 'validation.wh.onePreferred' });
    return issues;
  });
};

/** A stock-keeping item (WarehouseItem, docs/domain.md#items-warehouses-and-locations). */
export default defineResource({
  name: 'wh/items',
  service: 'warehouse',
  endpoint: 'items',
  table: 'items',
  // Technicians read those their activities reach (server/services/wfm/technician-scope.ts).
  access: { list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'], show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'] },
  recordRepresentation: ['sku', 'name'],
  fields,
  // Costs, purchasing and the product it is sold as are the office's.
  privateFields: { fields: ['standardCost', 'averageCost', 'productId', 'supplies'] },
  rules: [
    requiredWhen<Item>('refrigerantId', (item) => item.isRefrigerant === true),
    refrigerantInKg,
    validCodes,
    validSupplies,
  ],
  views: {
    list: {
      columns: ['sku', 'name', 'manufacturerId', 'uom', 'tracking', 'standardCost', 'averageCost', 'active'],
      sort: { field: 'sku', order: 'ASC' },
      filters: ['q', 'manufacturerId', 'tracking', 'uom', 'isRefrigerant', 'active'],
    },
    form: {
      sections: [
        { id: 'identity', fields: ['sku', 'name', 'manufacturerId', 'manufacturerPartNumber', 'barcode', 'productId'] },
        { id: 'stock', fields: ['uom', 'tracking', 'minStock', 'reorderQty', 'weightKg', 'active'] },
        { id: 'refrigerant', fields: ['isRefrigerant', 'refrigerantId'] },
        { id: 'costs', fields: ['standardCost', 'averageCost'] },
        { id: 'codes', fields: ['codes'] },
        { id: 'supplies', fields: ['supplies'] },
      ],
    },
  },
});
