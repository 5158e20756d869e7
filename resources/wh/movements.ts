import { decimal, defineResource, f, type RecordInput, type Rule } from '../schema';
import { isBlank, unitField, UUID_PATTERN } from './shared';

const fields = {
  /** "MOV/2026/000123", assigned by the warehouse service when the movement is created. */
  number: f.text({
    readOnly: true,
    max: 20,
    unique: true,
    searchable: true,
    filter: ['eq', 'contains', 'startsWith', 'in'],
  }),
  type: f.enum(['in', 'out', 'transfer', 'adjustment', 'reversal'], { required: true, default: 'in' }),
  date: f.datetime({ required: true }),
  itemId: f.reference('wh/items'),
  /** Always positive: the direction is given by the type and the from/to ends. */
  quantity: f.quantity({ min: '0.001' }),
  /** The item's unit when left empty; any other unit is refused. */
  uom: unitField(),
  fromWarehouseId: f.reference('wh/warehouses'),
  fromLocationId: f.reference('wh/warehouses/locations'),
  toWarehouseId: f.reference('wh/warehouses'),
  toLocationId: f.reference('wh/warehouses/locations'),
  lotNumber: f.text({ max: 40, searchable: true }),
  serialNumber: f.text({ max: 40, searchable: true }),
  /** Cost per unit of a receipt, for the item's average cost. */
  unitCost: f.unitPrice(),
  sourceType: f.enum(['incomingDdt', 'activity', 'invoice', 'inventoryCount', 'manual']),
  sourceId: f.text({ max: 36, pattern: UUID_PATTERN, filter: ['eq', 'in', 'isNull'] }),
  reason: f.text({ max: 200, searchable: true }),
  /** Done when not given: a movement is usually recorded once it happened. */
  state: f.enum(['draft', 'done', 'cancelled'], { default: 'done' }),
  /** The movement a reversal cancels: each movement can be reversed once. */
  reversedMovementId: f.reference('wh/movements', { unique: true }),
  /** Who recorded it (username), set by the service. */
  performedBy: f.text({ readOnly: true, max: 64 }),
};

type Movement = RecordInput<typeof fields>;
type Issues = ReturnType<Rule<Movement>>;

const required = (path: string): Issues[number] => ({ path, message: 'validation.required' });
const notAllowed = (path: string): Issues[number] => ({ path, message: 'validation.wh.notForType' });

/** A few minutes of clock skew between a client and the server are not "the future". */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

const notInFuture: Rule<Movement> = (m) =>
  typeof m.date === 'string' && Date.parse(m.date) > Date.now() + FUTURE_TOLERANCE_MS
    ? [{ path: 'date', message: 'validation.wh.futureDate' }]
    : [];

/** Which ends each type has (docs/domain.md#movements-and-the-stock-ledger): receipts come from outside, consumption leaves, transfers do both. */
const ends: Rule<Movement> = (m) => {
  const issues: Issues = [];
  const from = !isBlank(m.fromWarehouseId);
  const to = !isBlank(m.toWarehouseId);
  if (!isBlank(m.fromLocationId) && !from) issues.push(required('fromWarehouseId'));
  if (!isBlank(m.toLocationId) && !to) issues.push(required('toWarehouseId'));
  switch (m.type) {
    case 'in':
      if (!to) issues.push(required('toWarehouseId'));
      if (from) issues.push(notAllowed('fromWarehouseId'));
      if (isBlank(m.unitCost)) issues.push(required('unitCost'));
      break;
    case 'out':
      if (!from) issues.push(required('fromWarehouseId'));
      if (to) issues.push(notAllowed('toWarehouseId'));
      break;
    case 'transfer':
      if (!from) issues.push(required('fromWarehouseId'));
      if (!to) issues.push(required('toWarehouseId'));
      if (
        from &&
        to &&
        m.fromWarehouseId === m.toWarehouseId &&
        (m.fromLocationId ?? null) === (m.toLocationId ?? null)
      )
        issues.push({ path: 'toLocationId', message: 'validation.wh.sameAsFrom' });
      break;
    case 'adjustment':
      // A count found more (to) or less (from) than the books say: one end only.
      if (!from && !to) issues.push({ path: 'toWarehouseId', message: 'validation.wh.oneEnd' });
      if (from && to) issues.push({ path: 'toWarehouseId', message: 'validation.wh.oneEnd' });
      if (isBlank(m.reason)) issues.push(required('reason'));
      break;
    case 'reversal':
      if (isBlank(m.reversedMovementId)) issues.push(required('reversedMovementId'));
      break;
  }
  if (isBlank(m.state)) issues.push(required('state'));
  if (m.type !== 'reversal') {
    if (isBlank(m.itemId)) issues.push(required('itemId'));
    if (isBlank(m.quantity)) issues.push(required('quantity'));
    if (!isBlank(m.reversedMovementId)) issues.push(notAllowed('reversedMovementId'));
  }
  return issues;
};

/** One serial number is one piece. */
const serialIsOne: Rule<Movement> = (m) =>
  !isBlank(m.serialNumber) && !isBlank(m.quantity) && decimal.compare(m.quantity, 1) !== 0
    ? [{ path: 'quantity', message: 'validation.wh.serialQuantity' }]
    : [];

/**
 * A stock movement (docs/domain.md#movements-and-the-stock-ledger): the ledger the stock projection derives from. A done
 * movement updates stock in its own transaction and is immutable; a mistake is undone by a reversal.
 */
export default defineResource({
  name: 'wh/movements',
  service: 'warehouse',
  endpoint: 'movements',
  table: 'movements',
  recordRepresentation: ['number'],
  fields,
  rules: [notInFuture, ends, serialIsOne],
  views: {
    list: {
      columns: ['number', 'date', 'type', 'itemId', 'quantity', 'uom', 'fromWarehouseId', 'toWarehouseId', 'state'],
      sort: { field: 'date', order: 'DESC' },
      filters: ['q', 'type', 'state', 'itemId', 'fromWarehouseId', 'toWarehouseId', 'date', 'sourceType'],
    },
    form: {
      sections: [
        { id: 'main', fields: ['number', 'type', 'date', 'state', 'itemId', 'quantity', 'uom'] },
        { id: 'from', fields: ['fromWarehouseId', 'fromLocationId'] },
        { id: 'to', fields: ['toWarehouseId', 'toLocationId'] },
        { id: 'tracking', fields: ['lotNumber', 'serialNumber', 'unitCost'] },
        { id: 'origin', fields: ['sourceType', 'sourceId', 'reason', 'reversedMovementId', 'performedBy'] },
      ],
    },
  },
});
