import { defineResource, f, isValidVatNumber, requiredWhen, type RecordInput, type Rule } from '../schema';
import { PAYMENT_METHODS, RIBA, SEPA_DIRECT_DEBIT, WITHHOLDING_REASONS } from './codes';
import { anyVatNumber, bankCode, countryCode } from './parties';
import { issue, notBefore, onlyWhen } from './rules';

export const CUSTOMER_KINDS = ['company', 'individual', 'publicAdministration', 'foreign'] as const;
export const VAT_REGIMES = ['standard', 'splitPayment', 'reverseChargeN67', 'exempt', 'declarationOfIntent'] as const;

const fields = {
  /** "C00001": given by the sales hooks from the customer numbering series when left empty. */
  code: f.text({ max: 20, unique: true, searchable: true }),
  kind: f.enum(CUSTOMER_KINDS, { required: true, default: 'company' }),
  legalName: f.text({ max: 80, searchable: true }),
  firstName: f.text({ max: 60, searchable: true }),
  lastName: f.text({ max: 60, searchable: true }),
  vatCountry: countryCode({ required: true, default: 'IT' }),
  vatNumber: anyVatNumber({ searchable: true }),
  taxCode: f.fiscalCode({ searchable: true }),
  sdiCode: f.sdiCode({ required: true, default: '0000000' }),
  pecEmail: f.email(),
  billingAddress: f.address({ required: true }),
  email: f.email({ searchable: true }),
  phone: f.phone(),
  paymentTermId: f.reference('sales/payment-terms'),
  paymentMethod: f.enum(PAYMENT_METHODS),
  customerIban: f.iban(),
  bankAbi: bankCode(),
  bankCab: bankCode(),
  vatRegime: f.enum(VAT_REGIMES, { required: true, default: 'standard' }),
  declarationProtocolNumber: f.text({ max: 40 }),
  declarationDate: f.date(),
  declarationFromDate: f.date(),
  declarationToDate: f.date(),
  declarationAmountCeiling: f.money({ min: 0 }),
  /**
   * A withholding agent (sostituto d'imposta) withholds part of what it pays: a condominium 4 % on contract works
   * (art. 25-ter DPR 600/73, reason W). Its invoices' drafts copy rate and reason (docs/domain.md#withholding-tax).
   */
  withholdingAgent: f.boolean({ default: false }),
  withholdingRate: f.percent({ default: '4.00' }),
  withholdingReason: f.enum(WITHHOLDING_REASONS, { default: 'W' }),
  defaultVatRateId: f.reference('sales/vat-rates'),
  /** The price list this customer buys at; the default list when empty (docs/domain.md#payment-terms-and-price-lists). */
  priceListId: f.reference('sales/price-lists'),
  discountPercent: f.percent(),
  creditLimit: f.money({ min: 0 }),
  blocked: f.boolean({ default: false }),
  cig: f.text({ max: 15 }),
  cup: f.text({ max: 15 }),
  notes: f.richText(),
  tags: f.tags(),
  active: f.boolean({ default: true }),
};

type Customer = RecordInput<typeof fields>;

const isBusiness = (c: Customer) => c.kind === 'company' || c.kind === 'publicAdministration';
const isIndividual = (c: Customer) => c.kind === 'individual';
const isPa = (c: Customer) => c.kind === 'publicAdministration';
const onDeclaration = (c: Customer) => c.vatRegime === 'declarationOfIntent';

/** The Italian check digit applies to Italian VAT numbers; foreign ones keep only their shape. */
const italianVatNumber: Rule<Customer> = (c) =>
  c.vatNumber && c.vatCountry === 'IT' && !isValidVatNumber(c.vatNumber)
    ? [issue('vatNumber', 'validation.vatNumber')]
    : [];

const country: Rule<Customer> = (c) => {
  if (!c.vatCountry) return [];
  if (c.kind === 'foreign' && c.vatCountry === 'IT') return [issue('vatCountry', 'foreignCountry')];
  if (c.kind !== 'foreign' && c.vatCountry !== 'IT') return [issue('vatCountry', 'italianCountry')];
  return [];
};

/** An individual's codice fiscale is the 16-character personal one. */
const personalTaxCode: Rule<Customer> = (c) =>
  isIndividual(c) && c.taxCode && c.taxCode.length !== 16 ? [issue('taxCode', 'personalTaxCode')] : [];

/** SDI recipient code by kind: 6 characters for a PA office, XXXXXXX abroad, 7 characters otherwise. */
const sdiCode: Rule<Customer> = (c) => {
  if (!c.sdiCode) return [];
  if (isPa(c)) return c.sdiCode.length === 6 ? [] : [issue('sdiCode', 'sdiCodePa')];
  if (c.kind === 'foreign') return c.sdiCode === 'XXXXXXX' ? [] : [issue('sdiCode', 'sdiCodeForeign')];
  return c.sdiCode.length === 7 && c.sdiCode !== 'XXXXXXX' ? [] : [issue('sdiCode', 'sdiCodePrivate')];
};

const declarationFields = [
  'declarationProtocolNumber',
  'declarationDate',
  'declarationFromDate',
  'declarationToDate',
  'declarationAmountCeiling',
] as const;

/**
 * A customer (docs/domain.md#parties). Its kind drives what is required: a company or public
 * administration needs its legal name, Partita IVA and codice fiscale; an individual a name and a
 * personal codice fiscale; the payment method its bank details; a declaration of intent its data.
 */
export default defineResource({
  name: 'sales/customers',
  service: 'sales',
  endpoint: 'customers',
  table: 'customers',
  // Technicians read those their activities reach (server/services/wfm/technician-scope.ts).
  access: { list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'], show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'] },
  recordRepresentation: ['legalName', 'lastName', 'firstName'],
  fields,
  // Billing and commercial terms are the office's; a technician keeps who the customer is and how to reach them.
  privateFields: {
    fields: [
      'sdiCode',
      'vatRegime',
      ...declarationFields,
      'withholdingAgent',
      'withholdingRate',
      'withholdingReason',
      'defaultVatRateId',
      'paymentTermId',
      'paymentMethod',
      'customerIban',
      'bankAbi',
      'bankCab',
      'priceListId',
      'discountPercent',
      'creditLimit',
      'blocked',
      'cig',
      'cup',
      'notes',
    ],
  },
  rules: [
    requiredWhen<Customer>('legalName', (c) => !isIndividual(c)),
    requiredWhen<Customer>('firstName', isIndividual),
    requiredWhen<Customer>('lastName', isIndividual),
    requiredWhen<Customer>('vatNumber', isBusiness),
    requiredWhen<Customer>('taxCode', (c) => isBusiness(c) || isIndividual(c)),
    italianVatNumber,
    country,
    personalTaxCode,
    sdiCode,
    requiredWhen<Customer>(
      'customerIban',
      (c) => c.paymentMethod !== null && SEPA_DIRECT_DEBIT.includes(c.paymentMethod),
    ),
    requiredWhen<Customer>('bankAbi', (c) => c.paymentMethod === RIBA),
    requiredWhen<Customer>('bankCab', (c) => c.paymentMethod === RIBA),
    ...declarationFields.map((name) => requiredWhen<Customer>(name, onDeclaration)),
    notBefore<Customer>('declarationToDate', 'declarationFromDate'),
    requiredWhen<Customer>('withholdingRate', (c) => c.withholdingAgent === true),
    requiredWhen<Customer>('withholdingReason', (c) => c.withholdingAgent === true),
    onlyWhen<Customer>('cig', isPa, 'paOnly'),
    onlyWhen<Customer>('cup', isPa, 'paOnly'),
  ],
  views: {
    list: {
      columns: ['code', 'kind', 'legalName', 'lastName', 'firstName', 'vatNumber', 'email', 'blocked', 'active'],
      sort: { field: 'code', order: 'ASC' },
      filters: ['q', 'kind', 'vatRegime', 'withholdingAgent', 'blocked', 'active', 'tags'],
    },
    form: {
      sections: [
        { id: 'identity', fields: ['code', 'kind', 'legalName', 'firstName', 'lastName', 'active', 'blocked'] },
        {
          id: 'tax',
          fields: ['vatCountry', 'vatNumber', 'taxCode', 'sdiCode', 'pecEmail', 'vatRegime', 'defaultVatRateId'],
        },
        { id: 'contacts', fields: ['billingAddress', 'email', 'phone'] },
        {
          id: 'payment',
          fields: [
            'paymentTermId',
            'paymentMethod',
            'customerIban',
            'bankAbi',
            'bankCab',
            'priceListId',
            'discountPercent',
            'creditLimit',
          ],
        },
        { id: 'declaration', fields: [...declarationFields] },
        { id: 'withholding', fields: ['withholdingAgent', 'withholdingRate', 'withholdingReason'] },
        { id: 'publicAdministration', fields: ['cig', 'cup'] },
        { id: 'other', fields: ['tags', 'notes'] },
      ],
    },
  },
});
