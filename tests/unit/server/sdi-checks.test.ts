import { describe, expect, it } from 'vitest';
import { sdiIssuesOf, type SdiCheckInput } from '../../../server/services/sales/fatturapa/checks';

/**
 * The checks before issue as a pure function (docs/domain.md#checks-before-issue), for what the API's own
 * validation keeps from ever being stored: the cases tests/api/sales-checks.test.ts cannot reach by HTTP.
 */

const company = {
  legalName: 'Acme Clima S.r.l.',
  vatNumber: 'IT01234567897',
  taxCode: '01234567897',
  taxRegime: 'RF01',
  registeredOffice: { street: 'Via Industria', zip: '20090', city: 'Segrate', province: 'MI' },
};
const customer = {
  kind: 'company',
  legalName: 'Rossi Impianti S.r.l.',
  vatCountry: 'IT',
  vatNumber: '00743110157',
  taxCode: '00743110157',
  sdiCode: '0000000',
  billingAddress: { street: 'Via Roma', zip: '20121', city: 'Milano', province: 'MI', country: 'IT' },
  vatRegime: 'standard',
};
const line = (extra: Record<string, unknown> = {}) => ({
  description: 'Manutenzione',
  quantity: '1',
  unitPrice: '100',
  vatRate: '22',
  vatNature: null,
  ...extra,
});
const invoice = {
  documentType: 'TD01',
  date: '2026-03-10',
  fullNumber: 'FT/2026/0001',
  lines: [line()],
  totalDocument: '122.00',
  dueDates: [{ dueDate: '2026-04-10', amount: '122.00', method: 'MP05' }],
};
const input = (over: Partial<SdiCheckInput> = {}): SdiCheckInput => ({
  invoice,
  customer,
  company,
  related: [],
  allowedRates: ['0', '4', '5', '10', '22'],
  today: '2026-03-10',
  ...over,
});
const found = (over: Partial<SdiCheckInput>) =>
  sdiIssuesOf(input(over)).map((i) => [i.path, i.key.replace('validation.sales.', ''), i.params.code]);

describe('sdiIssuesOf', () => {
  it('passes an invoice the SdI takes', () => {
    expect(sdiIssuesOf(input())).toEqual([]);
  });

  it('refuses a generic natura (00445) and a natura on a taxed line (00401)', () => {
    const lines = [line({ vatRate: '0', vatNature: 'N6' }), line({ vatNature: 'N4' })];
    expect(found({ invoice: { ...invoice, lines, totalDocument: '222.00', dueDates: [] } })).toEqual([
      ['lines.0.vatNature', 'sdiNatureGeneric', '00445'],
      ['lines.1.vatNature', 'sdiNatureWithRate', '00401'],
    ]);
  });

  it('refuses a zero rate without natura (00400)', () => {
    const lines = [line({ vatRate: '0' })];
    expect(found({ invoice: { ...invoice, lines, totalDocument: '100.00', dueDates: [] } })).toEqual([
      ['lines.0.vatNature', 'sdiNatureMissing', '00400'],
    ]);
  });

  it("refuses a PA without its 6-character office code, a foreign customer's code other than XXXXXXX", () => {
    expect(found({ customer: { ...customer, kind: 'publicAdministration', sdiCode: '0000000' } })).toEqual([
      ['customerId', 'sdiCustomerSdiCodePa', '00427'],
    ]);
    const foreign = { ...customer, kind: 'foreign', vatCountry: 'IT', vatNumber: 'DE1', taxCode: null };
    expect(found({ customer: foreign })).toEqual([
      ['customerId', 'sdiCustomerVatCountry', undefined],
      ['customerId', 'sdiCustomerSdiCodeForeign', '00311'],
    ]);
  });

  it('refuses a number without digits (00425), a total or due dates that do not add up, a date to come (00403)', () => {
    const bad = {
      ...invoice,
      fullNumber: 'FT/A',
      totalDocument: '120.00',
      date: '2026-03-11',
      dueDates: [{ dueDate: '2026-04-10', amount: '100.00', method: 'MP05' }],
    };
    expect(found({ invoice: bad })).toEqual([
      ['totalDocument', 'sdiDocumentTotal', undefined],
      ['dueDates', 'dueDatesTotal', undefined],
      ['date', 'invoiceFutureDate', '00403'],
      ['seriesId', 'sdiNumberDigit', '00425'],
    ]);
  });

  it("refuses a sender without tax regime and with a wrong CAP, naming the config's field", () => {
    const office = { ...company.registeredOffice, zip: '2009' };
    const issues = sdiIssuesOf(input({ company: { ...company, taxRegime: undefined, registeredOffice: office } }));
    expect(issues.map((i) => [i.path, i.params.fields ?? i.params.field])).toEqual([
      ['company', 'company.taxRegime'],
      ['company', 'company.registeredOffice.zip'],
    ]);
  });

  it("accepts a tenant's own rate, refuses one it does not have (00424)", () => {
    const lines = [line({ vatRate: '7' })];
    const at7 = { ...invoice, lines, totalDocument: '107.00', dueDates: [] };
    expect(found({ invoice: at7 })).toEqual([['lines.0.vatRate', 'sdiRateNotAllowed', '00424']]);
    expect(found({ invoice: at7, allowedRates: ['7.00', '22'] })).toEqual([]);
  });
});
