import type {
  salesCustomers,
  salesNumberingSeries,
  salesPaymentTerms,
  salesPriceLists,
  salesProducts,
  salesSites,
  salesSuppliers,
  salesVatRates,
} from '../../resources';
import type { LabelsFor } from '../labels';
import { paymentMethodsEn, systemFieldsEn, vatNaturesEn } from './sales-codes.en';
import { salesDocumentsEn } from './sales-documents.en';
import { salesPaymentsEn } from './sales-payments.en';
import { salesSdiEn } from './sales-sdi.en';
import { customerWithholdingFieldsEn, withholdingReasonsEn } from './sales-tax.en';

export { salesValidationEn } from './sales-codes.en';

/** Labels of the sales module's master data and settings (the documents' are in sales-documents.en.ts). */
const salesMasterDataEn = {
  'sales/customers': {
    name: 'Customer |||| Customers',
    fields: {
      code: 'Code',
      kind: 'Type',
      legalName: 'Company name',
      firstName: 'First name',
      lastName: 'Last name',
      vatCountry: 'VAT country',
      vatNumber: 'VAT number',
      taxCode: 'Tax code',
      sdiCode: 'SDI recipient code',
      pecEmail: 'PEC (certified e-mail)',
      billingAddress: 'Billing address',
      email: 'Email',
      phone: 'Phone',
      paymentTermId: 'Payment terms',
      paymentMethod: 'Payment method',
      customerIban: 'Customer IBAN',
      bankAbi: 'Bank ABI',
      bankCab: 'Bank CAB',
      vatRegime: 'VAT regime',
      declarationProtocolNumber: 'Declaration of intent: protocol number',
      declarationDate: 'Declaration of intent: date',
      declarationFromDate: 'Valid from',
      declarationToDate: 'Valid until',
      declarationAmountCeiling: 'Amount ceiling',
      ...customerWithholdingFieldsEn,
      defaultVatRateId: 'Default VAT rate',
      priceListId: 'Price list',
      discountPercent: 'Discount %',
      creditLimit: 'Credit limit',
      blocked: 'Blocked',
      cig: 'CIG',
      cup: 'CUP',
      notes: 'Notes',
      tags: 'Tags',
      active: 'Active',
      ...systemFieldsEn,
    },
    enums: {
      kind: {
        company: 'Company',
        individual: 'Individual',
        publicAdministration: 'Public administration',
        foreign: 'Foreign',
      },
      paymentMethod: paymentMethodsEn,
      vatRegime: {
        standard: 'Standard',
        splitPayment: 'Split payment',
        reverseChargeN67: 'Reverse charge (N6.7)',
        exempt: 'Exempt',
        declarationOfIntent: 'Declaration of intent',
      },
      withholdingReason: withholdingReasonsEn,
    },
    sections: {
      identity: 'Customer',
      tax: 'Tax data and e-invoicing',
      contacts: 'Address and contacts',
      payment: 'Payment and prices',
      declaration: 'Declaration of intent',
      withholding: 'Withholding tax',
      publicAdministration: 'Public administration',
      other: 'Other',
    },
  },
  'sales/sites': {
    name: 'Site |||| Sites',
    fields: {
      customerId: 'Customer',
      code: 'Code',
      name: 'Name',
      address: 'Address',
      parentSiteId: 'Part of site',
      accessNotes: 'Access notes and directions',
      openingHours: 'Opening hours',
      primaryContactId: 'Primary contact',
      zone: 'Zone',
      fgasOperatorCustomerId: 'F-gas operator',
      active: 'Active',
      ...systemFieldsEn,
    },
    enums: {},
    sections: { site: 'Site', location: 'Location and access', people: 'People' },
  },
  'sales/suppliers': {
    name: 'Supplier |||| Suppliers',
    fields: {
      code: 'Code',
      legalName: 'Company name',
      vatNumber: 'VAT number',
      taxCode: 'Tax code',
      address: 'Address',
      email: 'Email',
      pecEmail: 'PEC (certified e-mail)',
      phone: 'Phone',
      iban: 'IBAN',
      paymentTermId: 'Payment terms',
      paymentMethod: 'Payment method',
      leadTimeDays: 'Lead time (days)',
      isRetailer: 'Retailer',
      notes: 'Notes',
      active: 'Active',
      ...systemFieldsEn,
    },
    enums: { paymentMethod: paymentMethodsEn },
    sections: { identity: 'Supplier', contacts: 'Address and contacts', payment: 'Payment', other: 'Other' },
  },
  'sales/products': {
    name: 'Product |||| Products',
    fields: {
      code: 'Code',
      name: 'Name',
      description: 'Description',
      type: 'Type',
      uom: 'Unit',
      vatRateId: 'VAT rate',
      stockTracked: 'Kept in stock',
      warehouseItemId: 'Warehouse item',
      refrigerantCode: 'Refrigerant',
      prices: 'Prices',
      costPrice: 'Cost price',
      active: 'Active',
      ...systemFieldsEn,
    },
    enums: {
      type: {
        goods: 'Goods',
        service: 'Service',
        labour: 'Labour',
        travel: 'Travel',
        callOutFee: 'Call-out fee',
        refrigerant: 'Refrigerant',
      },
    },
    sections: { product: 'Product', stock: 'Stock and cost', prices: 'Prices' },
    lines: {
      prices: {
        fields: {
          priceListId: 'Price list',
          unitPrice: 'Unit price',
          currency: 'Currency',
          validFrom: 'Valid from',
          validTo: 'Valid until',
          minQuantity: 'Minimum quantity',
        },
      },
    },
  },
  'sales/vat-rates': {
    name: 'VAT rate |||| VAT rates',
    fields: {
      code: 'Code',
      description: 'Description',
      rate: 'Rate %',
      nature: 'Nature',
      normativeReference: 'Legal reference',
      exigibility: 'VAT exigibility',
      active: 'Active',
      ...systemFieldsEn,
    },
    enums: {
      nature: vatNaturesEn,
      exigibility: { I: 'Immediate', D: 'Deferred', S: 'Split payment' },
    },
    sections: { rate: 'VAT rate', exemption: 'Exemption' },
  },
  'sales/payment-terms': {
    name: 'Payment terms |||| Payment terms',
    fields: {
      name: 'Name',
      description: 'Description',
      installments: 'Instalments',
      paymentMethod: 'Payment method',
      active: 'Active',
      ...systemFieldsEn,
    },
    enums: { paymentMethod: paymentMethodsEn },
    sections: { term: 'Payment terms' },
    lines: {
      installments: {
        fields: { percent: '%', days: 'Days', endOfMonth: 'End of month', extraDays: 'Extra days' },
        totals: { percent: 'Total %' },
      },
    },
  },
  'sales/numbering-series': {
    name: 'Numbering series |||| Numbering series',
    fields: {
      documentKind: 'Document',
      code: 'Code',
      description: 'Description',
      format: 'Format',
      resetYearly: 'Restart every year',
      nextNumber: 'Next number',
      year: 'Current year',
      fiscal: 'Fiscal (no gaps)',
      active: 'Active',
      ...systemFieldsEn,
    },
    enums: {
      documentKind: {
        invoice: 'Invoice',
        creditNote: 'Credit note',
        proforma: 'Proforma',
        quote: 'Quote',
        activity: 'Activity',
        ticket: 'Request',
        workReport: 'Work report',
        movement: 'Stock movement',
        ddtIn: 'Incoming DDT',
        contract: 'Contract',
        customer: 'Customer code',
        supplier: 'Supplier code',
      },
    },
    sections: { series: 'Series', numbering: 'Numbering' },
  },
  'sales/price-lists': {
    name: 'Price list |||| Price lists',
    fields: { name: 'Name', description: 'Description', isDefault: 'Default', active: 'Active', ...systemFieldsEn },
    enums: {},
    sections: { list: 'Price list' },
  },
} satisfies {
  'sales/customers': LabelsFor<typeof salesCustomers>;
  'sales/sites': LabelsFor<typeof salesSites>;
  'sales/suppliers': LabelsFor<typeof salesSuppliers>;
  'sales/products': LabelsFor<typeof salesProducts>;
  'sales/vat-rates': LabelsFor<typeof salesVatRates>;
  'sales/payment-terms': LabelsFor<typeof salesPaymentTerms>;
  'sales/numbering-series': LabelsFor<typeof salesNumberingSeries>;
  'sales/price-lists': LabelsFor<typeof salesPriceLists>;
};

/** Labels of the sales module's resources. */
export const salesEn = { ...salesMasterDataEn, ...salesDocumentsEn, ...salesPaymentsEn, ...salesSdiEn };
