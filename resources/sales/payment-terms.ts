import { decimal, defineResource, f, type RecordInput } from '../schema';
import { PAYMENT_METHODS } from './codes';
import { issue, rowsOf } from './rules';

const fields = {
  name: f.text({ required: true, max: 60, unique: true, searchable: true }),
  description: f.text({ max: 200 }),
  installments: f.lines(
    {
      percent: f.percent({ required: true, min: '0.01' }),
      days: f.integer({ required: true, min: 0, max: 365 }),
      endOfMonth: f.boolean({ default: false }),
      extraDays: f.integer({ min: 0, max: 31 }),
    },
    {
      required: true,
      min: 1,
      max: 12,
      totals: (lines) => ({ percent: decimal.sumOf(lines, 'percent') }),
    },
  ),
  /** How the instalments are paid, when the invoice does not say: before the customer's own method. */
  paymentMethod: f.enum(PAYMENT_METHODS),
  active: f.boolean({ default: true }),
};

type PaymentTerm = RecordInput<typeof fields>;

/**
 * How a document's amount falls due (docs/domain.md#payment-terms-and-price-lists), e.g. "30/60 gg DF FM": instalments of a
 * percentage each, due `days` after the document date, at the end of that month when `endOfMonth`,
 * plus `extraDays` (the 10th of the following month...). The percentages add up to 100.
 */
export default defineResource({
  name: 'sales/payment-terms',
  service: 'sales',
  endpoint: 'payment-terms',
  table: 'payment_terms',
  recordRepresentation: ['name'],
  fields,
  rules: [
    (r: PaymentTerm) => {
      const lines = rowsOf(r.installments);
      if (lines.length === 0) return [];
      const total = decimal.sumOf(lines, 'percent');
      return decimal.compare(total, 100) === 0 ? [] : [issue('installments', 'percentTotal', { total })];
    },
  ],
  views: {
    list: {
      columns: ['name', 'description', 'paymentMethod', 'active'],
      sort: { field: 'name', order: 'ASC' },
      filters: ['q', 'active'],
    },
    form: {
      sections: [{ id: 'term', fields: ['name', 'description', 'paymentMethod', 'active', 'installments'] }],
    },
  },
});
