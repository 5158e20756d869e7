import { decimal, defineResource, f, requiredWhen, type RecordInput, type Rule } from '../schema';
import { dateInItaly, isBlank, todayInItaly, unitField } from './shared';

const fields = {
  /** Our registration number "DDT-IN/2026/0042", assigned by the warehouse service. */
  internalRef: f.text({
    readOnly: true,
    max: 20,
    unique: true,
    searchable: true,
    filter: ['eq', 'contains', 'startsWith', 'in'],
  }),
  supplierId: f.reference('sales/suppliers', { required: true }),
  /** The supplier's own DDT number. */
  number: f.text({ required: true, max: 20, searchable: true }),
  date: f.date({ required: true }),
  destinationWarehouseId: f.reference('wh/warehouses', { required: true }),
  transportReason: f.enum(['purchase', 'return', 'repair', 'loan', 'consignment', 'replacement', 'other'], {
    required: true,
    default: 'purchase',
  }),
  transportBy: f.enum(['sender', 'recipient', 'carrier'], { required: true, default: 'sender' }),
  carrierName: f.text({ max: 80 }),
  carrierVatNumber: f.vatNumber(),
  transportStartAt: f.datetime(),
  packagesCount: f.integer({ min: 0, max: 100000 }),
  goodsAppearance: f.text({ max: 40 }),
  grossWeightKg: f.decimal({ precision: 10, scale: 3, min: 0 }),
  netWeightKg: f.decimal({ precision: 10, scale: 3, min: 0 }),
  freightTerms: f.enum(['franco', 'assegnato']),
  purchaseOrderRef: f.text({ max: 40 }),
  supplierInvoiceRef: f.text({ max: 40 }),
  /**
   * The goods: a line with an item is stocked on receipt (one `in` movement); without one it is only
   * described. An empty line number is the line's position; an empty unit is the item's.
   */
  lines: f.lines(
    {
      lineNo: f.integer({ min: 1, max: 10000 }),
      itemId: f.reference('wh/items'),
      description: f.text({ required: true, max: 1000 }),
      quantity: f.quantity({ required: true, min: '0.001' }),
      uom: unitField(),
      unitPrice: f.unitPrice(),
      lotNumber: f.text({ max: 40 }),
      locationId: f.reference('wh/warehouses/locations'),
    },
    { required: true, min: 1, max: 200 },
  ),
  attachments: f.attachments(),
  /** Moved by the lifecycle actions only: draft on creation. */
  status: f.enum(['draft', 'received', 'invoiced', 'cancelled'], { readOnly: true, default: 'draft' }),
};

type Ddt = RecordInput<typeof fields>;

const notInFuture: Rule<Ddt> = (d) =>
  typeof d.date === 'string' && d.date > todayInItaly() ? [{ path: 'date', message: 'validation.wh.futureDate' }] : [];

/** Transport starts on or after the document date. */
const startAfterDate: Rule<Ddt> = (d) =>
  typeof d.transportStartAt === 'string' && typeof d.date === 'string' && dateInItaly(d.transportStartAt) < d.date
    ? [{ path: 'transportStartAt', message: 'validation.wh.beforeDate' }]
    : [];

const netWithinGross: Rule<Ddt> = (d) =>
  !isBlank(d.netWeightKg) && !isBlank(d.grossWeightKg) && decimal.compare(d.netWeightKg, d.grossWeightKg) > 0
    ? [{ path: 'netWeightKg', message: 'validation.wh.netOverGross' }]
    : [];

/** Line numbers are distinct; a line without an item needs its own unit. */
const validLines: Rule<Ddt> = (d) => {
  const seen = new Set<number>();
  return (d.lines ?? []).flatMap((line, i) => {
    const issues: ReturnType<Rule<Ddt>> = [];
    if (typeof line.lineNo === 'number') {
      if (seen.has(line.lineNo)) issues.push({ path: `lines.${i}.lineNo`, message: 'validation.duplicates' });
      seen.add(line.lineNo);
    }
    if (isBlank(line.itemId) && isBlank(line.uom))
      issues.push({ path: `lines.${i}.uom`, message: 'validation.required' });
    return issues;
  });
};

/** An incoming transport document (DDT in entrata, docs/domain.md#incoming-ddt). */
export default defineResource({
  name: 'wh/DDT/in',
  service: 'warehouse',
  endpoint: 'incoming-ddts',
  table: 'incoming_ddts',
  recordRepresentation: ['internalRef', 'number'],
  fields,
  rules: [
    notInFuture,
    startAfterDate,
    netWithinGross,
    validLines,
    requiredWhen<Ddt>('carrierName', (d) => d.transportBy === 'carrier'),
    requiredWhen<Ddt>('carrierVatNumber', (d) => d.transportBy === 'carrier'),
  ],
  views: {
    list: {
      columns: ['internalRef', 'date', 'supplierId', 'number', 'destinationWarehouseId', 'transportReason', 'status'],
      sort: { field: 'date', order: 'DESC' },
      filters: ['q', 'status', 'supplierId', 'destinationWarehouseId', 'date', 'transportReason'],
    },
    form: {
      sections: [
        { id: 'document', fields: ['internalRef', 'supplierId', 'number', 'date', 'destinationWarehouseId', 'status'] },
        {
          id: 'transport',
          fields: [
            'transportReason',
            'transportBy',
            'carrierName',
            'carrierVatNumber',
            'transportStartAt',
            'freightTerms',
          ],
        },
        { id: 'goods', fields: ['packagesCount', 'goodsAppearance', 'grossWeightKg', 'netWeightKg'] },
        { id: 'lines', fields: ['lines'] },
        { id: 'references', fields: ['purchaseOrderRef', 'supplierInvoiceRef', 'attachments'] },
      ],
    },
  },
  actions: {
    /** The goods arrived: one `in` movement per stocked line (warehouse service), lines locked. */
    receive: { from: ['draft'], to: 'received', roles: ['ROLE_ADMIN'] },
    /** Matched to the supplier's invoice. */
    invoice: {
      from: ['received'],
      to: 'invoiced',
      roles: ['ROLE_ADMIN'],
      input: { supplierInvoiceRef: f.text({ required: true, max: 40 }) },
    },
    /** A received DDT is cancelled by reversing its movements, where stock allows. */
    cancel: { from: ['draft', 'received'], to: 'cancelled', roles: ['ROLE_ADMIN'] },
  },
});
