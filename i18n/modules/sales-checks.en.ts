/**
 * Why an invoice cannot be issued: what the SdI would reject (docs/domain.md#checks-before-issue), under
 * `validation.sales`. ":code" is the SdI's own error code, for the office to look up.
 */
export const checksValidationEn = {
  sdiCompanyVatNumber:
    "The company's VAT number in the configuration (company.vatNumber: :value) is not valid (SdI :code)",
  sdiCompanyTaxCode: "The company's tax code in the configuration (company.taxCode: :value) is not valid (SdI :code)",
  sdiCompanyOffice: "The company's registered office in the configuration is incomplete or wrong: fix :field",
  sdiCharacters: 'Contains characters the electronic invoice does not allow: replace :chars',
  sdiCustomerName: 'The customer has neither a company name nor first and last name: complete the customer',
  sdiCustomerNoTaxId: 'The customer has neither a VAT number nor a tax code: add one to the customer (SdI :code)',
  sdiCustomerVatNumber: "The customer's VAT number (:value) is not valid: correct it on the customer (SdI :code)",
  sdiCustomerTaxCode: "The customer's tax code (:value) is not valid: correct it on the customer (SdI :code)",
  sdiCustomerVatCountry:
    "The foreign customer's VAT country (:value) must be a two-letter country code other than IT: correct it on the customer",
  sdiCustomerNoAddress: 'The customer has no billing address: add it to the customer',
  sdiCustomerStreet: "The customer's billing address has no street: complete it on the customer",
  sdiCustomerCity: "The customer's billing address has no town (Comune): complete it on the customer",
  sdiCustomerCountry: "The customer's billing address has no valid country (:value): correct it on the customer",
  sdiCustomerZip:
    "The CAP of the customer's billing address must have 5 digits (now :value): correct it on the customer",
  sdiCustomerProvince:
    "The province of the customer's billing address is missing or not a valid abbreviation (:value): correct it on the customer",
  sdiCustomerSdiCodePa:
    "A public administration needs its 6-character office code (IPA) as the customer's SDI recipient code (now :value) (SdI :code)",
  sdiCustomerSdiCodeForeign: "A foreign customer's SDI recipient code is XXXXXXX (now :value) (SdI :code)",
  sdiCustomerSdiCodePrivate:
    "The customer's SDI recipient code must be 7 letters or digits, 0000000 when invoices go by PEC (now :value) (SdI :code)",
  sdiCustomerPec: "The customer's PEC (:value) is not a valid e-mail address: correct it on the customer",
  sdiSplitPaymentParty:
    "Split payment applies only to public administrations and companies: change the customer's VAT regime",
  sdiCig: 'A CIG has 10 letters or digits (now :value)',
  sdiCup: 'A CUP has 15 letters or digits (now :value)',
  sdiRateNotAllowed: 'The VAT rate :value% is not one of those allowed (:allowed) (SdI :code)',
  sdiNatureMissing: 'A line at 0% VAT needs its VAT nature (SdI :code)',
  sdiNatureWithRate: 'A line with VAT above 0% has no VAT nature: remove :value (SdI :code)',
  sdiNatureGeneric:
    'The SdI no longer accepts the nature :value (since 2021): choose a sub-code such as N2.1, N3.5 or N6.7 (SdI :code)',
  sdiReverseChargeNoVat: 'Reverse charge (:value) needs a customer with a VAT number: add it to the customer',
  sdiReverseChargeSplit: 'A reverse-charge line (:value) cannot be on a split-payment invoice (SdI :code)',
  sdiDescriptionEmpty: 'The description is empty once the characters the electronic invoice does not allow are removed',
  sdiSummaryTaxable:
    'The VAT summary at :rate% does not add up: its taxable amount is not the sum of its lines (SdI :code)',
  sdiSummaryVat: 'The VAT at :rate% is not the taxable amount times the rate (SdI :code)',
  sdiDocumentTotal: 'The document total is not taxable amount plus VAT plus stamp duty (:total)',
  sdiBeforeRelated:
    'A credit or debit note cannot be dated before the invoice it corrects, :number of :date (SdI :code)',
  sdiDeclarationMissing:
    "Lines at N3.5 need the customer's declaration of intent: set its VAT regime, protocol number and date on the customer",
  sdiDeclarationPeriod:
    'The declaration of intent :protocol covers :from to :to: the invoice date is outside it (VAT is due)',
  sdiDeclarationCeiling:
    'The lines at N3.5 exceed what is left of the declared ceiling of :ceiling (available :available): VAT is due on the rest',
  sdiNumberDigit:
    'The number :number has no digit, which the SdI rejects: correct the format of the numbering series (SdI :code)',
};

/** The labels of an invoice's frozen customer data (its `customerSnapshot` line). */
export const customerSnapshotEn = {
  fields: {
    kind: 'Type',
    legalName: 'Company name',
    firstName: 'First name',
    lastName: 'Last name',
    vatCountry: 'VAT country',
    vatNumber: 'VAT number',
    taxCode: 'Tax code',
    sdiCode: 'SDI recipient code',
    pecEmail: 'PEC',
    billingAddress: 'Billing address',
    vatRegime: 'VAT regime',
    cig: 'CIG',
    cup: 'CUP',
  },
  enums: {
    kind: {
      company: 'Company',
      individual: 'Individual',
      publicAdministration: 'Public administration',
      foreign: 'Foreign',
    },
    vatRegime: {
      standard: 'Standard',
      splitPayment: 'Split payment',
      reverseChargeN67: 'Reverse charge (N6.7)',
      exempt: 'Exempt',
      declarationOfIntent: 'Declaration of intent',
    },
  },
};
