import { decimal, defineResource, f, requiredWhen, type RecordInput } from '../schema';
import { VAT_EXIGIBILITY, VAT_NATURES } from './codes';
import { onlyWhen } from './rules';

const fields = {
  code: f.text({ required: true, max: 20, unique: true, searchable: true }),
  description: f.text({ max: 120, searchable: true }),
  rate: f.percent({ required: true }),
  nature: f.enum(VAT_NATURES),
  normativeReference: f.text({ max: 100 }),
  exigibility: f.enum(VAT_EXIGIBILITY, { required: true, default: 'I' }),
  active: f.boolean({ default: true }),
};

type VatRate = RecordInput<typeof fields>;

const isZero = (r: VatRate) => r.rate !== null && decimal.compare(r.rate, 0) === 0;

/**
 * A VAT rate the documents may use (docs/domain.md#money-lines-and-vat): a 0% rate needs its FatturaPA nature and
 * the law that justifies it (RiferimentoNormativo); a positive rate has neither.
 */
export default defineResource({
  name: 'sales/vat-rates',
  service: 'sales',
  endpoint: 'vat-rates',
  table: 'vat_rates',
  recordRepresentation: ['code', 'description'],
  fields,
  rules: [
    requiredWhen<VatRate>('nature', isZero),
    onlyWhen<VatRate>('nature', isZero, 'onlyZeroRate'),
    requiredWhen<VatRate>('normativeReference', (r) => r.nature !== null),
    onlyWhen<VatRate>('normativeReference', (r) => r.nature !== null, 'onlyWithNature'),
  ],
  views: {
    list: {
      columns: ['code', 'description', 'rate', 'nature', 'exigibility', 'active'],
      sort: { field: 'rate', order: 'DESC' },
      filters: ['q', 'nature', 'active'],
    },
    form: {
      sections: [
        { id: 'rate', fields: ['code', 'description', 'rate', 'exigibility', 'active'] },
        { id: 'exemption', fields: ['nature', 'normativeReference'] },
      ],
    },
  },
});
