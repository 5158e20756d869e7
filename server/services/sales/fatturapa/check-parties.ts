import { isItalianProvince, isValidFiscalCode, isValidVatNumber, type FieldIssue } from '../../../../resources/schema';
import type { Company } from '../../../documents/pdf';
import { issue } from '../../../records';
import { missingCompanyFields } from './parties';
import { basicLatin, latin, splitVatNumber } from './text';

/* eslint-disable @typescript-eslint/no-explicit-any -- stored rows are read untyped, as the builder reads them */
type Row = Record<string, any>;

/**
 * What the SdI would reject about the two parties (docs/domain.md#checks-before-issue): the sender from the
 * tenant's company config, the recipient from the customer. Each issue carries the SdI error code in its
 * params where the SdI has one, so the office can look it up in the SdI's list.
 */

const V = 'validation.sales.';
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const PEC = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The characters of `value` a FatturaPA text type cannot hold (latin() or basicLatin() would write "?"). */
export function unencodable(value: unknown, basic = false): string[] {
  const chars = [...new Set(Array.from(text(value)))];
  return chars.filter((c) => c !== '?' && (basic ? basicLatin(c, 10) : latin(c, 10)).includes('?'));
}

/** One issue naming the characters to replace, when a text holds some the XML cannot. */
export function characterIssues(path: string, values: unknown[], basic = false): FieldIssue[] {
  const chars = [...new Set(values.flatMap((value) => unencodable(value, basic)))];
  return chars.length > 0 ? [issue(path, `${V}sdiCharacters`, { chars: chars.join(' ') })] : [];
}

/** The sender (CedentePrestatore): the config fields the schema requires, its identifiers, its office. */
export function companyIssues(company: Company): FieldIssue[] {
  const issues = missingCompanyFields(company).map((field) =>
    issue('company', `${V}fatturapaCompany`, { fields: field }),
  );
  const vat = company.vatNumber ? splitVatNumber(company.vatNumber) : undefined;
  if (vat && (vat.IdPaese !== 'IT' || !isValidVatNumber(vat.IdCodice)))
    issues.push(issue('company', `${V}sdiCompanyVatNumber`, { value: String(company.vatNumber), code: '00301' }));
  if (company.taxCode && !isValidFiscalCode(company.taxCode.toUpperCase()))
    issues.push(issue('company', `${V}sdiCompanyTaxCode`, { value: company.taxCode, code: '00302' }));
  const office = company.registeredOffice;
  if (office && (office.country ?? 'IT').toUpperCase() === 'IT') {
    if (!/^\d{5}$/.test(office.zip ?? ''))
      issues.push(issue('company', `${V}sdiCompanyOffice`, { field: 'company.registeredOffice.zip' }));
    if (!office.province || !isItalianProvince(office.province.toUpperCase()))
      issues.push(issue('company', `${V}sdiCompanyOffice`, { field: 'company.registeredOffice.province' }));
    if (!text(office.street) || !text(office.city))
      issues.push(issue('company', `${V}sdiCompanyOffice`, { field: 'company.registeredOffice.street/city' }));
  }
  return issues;
}

/** VAT number and/or codice fiscale (one required, 00417), each well-formed, a foreign one with its country. */
function identifierIssues(customer: Row): FieldIssue[] {
  const vatNumber = text(customer.vatNumber);
  const taxCode = text(customer.taxCode).toUpperCase();
  if (!vatNumber && !taxCode) return [issue('customerId', `${V}sdiCustomerNoTaxId`, { code: '00417' })];
  const issues: FieldIssue[] = [];
  const country = text(customer.vatCountry).toUpperCase();
  if (vatNumber && customer.kind === 'foreign' && (!/^[A-Z]{2}$/.test(country) || country === 'IT'))
    issues.push(issue('customerId', `${V}sdiCustomerVatCountry`, { value: country || '-' }));
  if (vatNumber && customer.kind !== 'foreign' && !isValidVatNumber(vatNumber))
    issues.push(issue('customerId', `${V}sdiCustomerVatNumber`, { value: vatNumber, code: '00305' }));
  if (vatNumber && customer.kind === 'foreign' && !/^[A-Z0-9]{2,28}$/i.test(vatNumber))
    issues.push(issue('customerId', `${V}sdiCustomerVatNumber`, { value: vatNumber, code: '00305' }));
  if (taxCode && customer.kind !== 'foreign' && !isValidFiscalCode(taxCode))
    issues.push(issue('customerId', `${V}sdiCustomerTaxCode`, { value: taxCode, code: '00306' }));
  return issues;
}

/** Sede: street, CAP of 5 digits, Comune and province for an Italian address; a country in any case. */
function addressIssues(customer: Row): FieldIssue[] {
  const address = customer.billingAddress as Row | null | undefined;
  if (!address || typeof address !== 'object') return [issue('customerId', `${V}sdiCustomerNoAddress`)];
  const issues: FieldIssue[] = [];
  const country = text(address.country || 'IT').toUpperCase();
  if (!text(address.street)) issues.push(issue('customerId', `${V}sdiCustomerStreet`));
  if (!text(address.city)) issues.push(issue('customerId', `${V}sdiCustomerCity`));
  if (!/^[A-Z]{2}$/.test(country)) issues.push(issue('customerId', `${V}sdiCustomerCountry`, { value: country }));
  if (country === 'IT') {
    if (!/^\d{5}$/.test(text(address.zip)))
      issues.push(issue('customerId', `${V}sdiCustomerZip`, { value: text(address.zip) || '-' }));
    const province = text(address.province).toUpperCase();
    if (!isItalianProvince(province))
      issues.push(issue('customerId', `${V}sdiCustomerProvince`, { value: province || '-' }));
  }
  return issues;
}

/**
 * CodiceDestinatario by kind: a public administration's 6-character office code (FPA12, 00311/00427), XXXXXXX
 * abroad, 7 characters otherwise (0000000 when the SdI delivers by PEC); a PEC, when given, well-formed.
 */
function deliveryIssues(customer: Row): FieldIssue[] {
  const code = text(customer.sdiCode).toUpperCase() || '0000000';
  const issues: FieldIssue[] = [];
  if (customer.kind === 'publicAdministration') {
    if (!/^[A-Z0-9]{6}$/.test(code) || code === '000000')
      issues.push(issue('customerId', `${V}sdiCustomerSdiCodePa`, { value: code, code: '00427' }));
  } else if (customer.kind === 'foreign') {
    if (code !== 'XXXXXXX')
      issues.push(issue('customerId', `${V}sdiCustomerSdiCodeForeign`, { value: code, code: '00311' }));
  } else if (!/^[A-Z0-9]{7}$/.test(code) || code === 'XXXXXXX')
    issues.push(issue('customerId', `${V}sdiCustomerSdiCodePrivate`, { value: code, code: '00427' }));
  const pec = text(customer.pecEmail);
  if (pec && !PEC.test(pec)) issues.push(issue('customerId', `${V}sdiCustomerPec`, { value: pec }));
  return issues;
}

/** Split payment (art. 17-ter DPR 633/72) is for public administrations and companies (listed or PA-controlled). */
function regimeIssues(customer: Row): FieldIssue[] {
  if (customer.vatRegime !== 'splitPayment') return [];
  return customer.kind === 'publicAdministration' || customer.kind === 'company'
    ? []
    : [issue('customerId', `${V}sdiSplitPaymentParty`)];
}

/** A CIG has 10 characters, a CUP 15 (letters and digits): the invoice's own, else a PA customer's. */
export function procurementIssues(invoice: Row, customer: Row): FieldIssue[] {
  const pa = customer.kind === 'publicAdministration';
  const issues: FieldIssue[] = [];
  const check = (field: 'cig' | 'cup', pattern: RegExp, key: string) => {
    const own = text(invoice[field]).toUpperCase();
    const value = own || (pa ? text(customer[field]).toUpperCase() : '');
    if (value && !pattern.test(value)) issues.push(issue(own ? field : 'customerId', `${V}${key}`, { value }));
  };
  check('cig', /^[A-Z0-9]{10}$/, 'sdiCig');
  check('cup', /^[A-Z0-9]{15}$/, 'sdiCup');
  return issues;
}

/** The recipient (CessionarioCommittente and where the SdI delivers): every customer-side reason to reject. */
export function customerIssues(customer: Row): FieldIssue[] {
  const named = text(customer.legalName) || (text(customer.firstName) && text(customer.lastName));
  return [
    ...(named ? [] : [issue('customerId', `${V}sdiCustomerName`)]),
    ...identifierIssues(customer),
    ...addressIssues(customer),
    ...deliveryIssues(customer),
    ...regimeIssues(customer),
    ...characterIssues('customerId', [
      customer.legalName,
      customer.firstName,
      customer.lastName,
      customer.billingAddress?.street,
      customer.billingAddress?.city,
    ]),
  ];
}
