import type { Refs, Samples } from './index';

/**
 * One line a sales document may have: 22% is one of the VAT rates every tenant is seeded with. The
 * line number is given (the hooks number lines sent without one).
 */
const line = (refs: Refs) => [
  {
    lineNo: 1,
    description: `Manutenzione climatizzatore ${refs.unique}`,
    quantity: '2',
    unitPrice: '75.50',
    discountPercent: '10',
    vatRate: '22',
    vatNature: null,
  },
];

/**
 * Valid sales records where the field kinds alone are not enough (the rules and hooks of
 * resources/sales/*.ts and server/services/sales). The contract test sends `{...generated, ...sample}`.
 */
export const samples: Samples = {
  // An Italian company: CIG and CUP belong to public administrations only; no payment method that
  // needs bank details.
  'sales/customers': () => ({
    kind: 'company',
    vatCountry: 'IT',
    firstName: null,
    lastName: null,
    paymentMethod: 'MP05',
    vatRegime: 'standard',
    cig: null,
    cup: null,
  }),
  // The instalments' percentages add up to 100.
  'sales/payment-terms': () => ({
    installments: [
      { percent: '50', days: 30, endOfMonth: true, extraDays: null },
      { percent: '50', days: 60, endOfMonth: true, extraDays: 10 },
    ],
  }),
  // Goods not kept in stock: no warehouse item, no refrigerant.
  'sales/products': () => ({
    type: 'goods',
    uom: 'pz',
    stockTracked: false,
    warehouseItemId: null,
    refrigerantCode: null,
  }),
  // A positive rate has neither a VAT nature nor a normative reference.
  'sales/vat-rates': () => ({ rate: '22', nature: null, normativeReference: null }),
  // An invoice series (invoices refer to the shared series), with a format naming the number.
  'sales/numbering-series': () => ({ documentKind: 'invoice', format: 'T/{year}/{number:0000}' }),
  // The site must be one of the customer's.
  'sales/quotes': (refs) => ({
    customerId: refs.record('sales/sites').customerId,
    siteId: refs.ref('sales/sites'),
    lines: line(refs),
  }),
  'sales/proformas': (refs) => ({
    customerId: refs.record('sales/quotes').customerId,
    sourceQuoteId: refs.ref('sales/quotes'),
    lines: line(refs),
  }),
  // The linked quote and proforma are the customer's; instalments, when given, must add up to the total.
  'sales/invoices': (refs) => ({
    customerId: refs.record('sales/quotes').customerId,
    quoteId: refs.ref('sales/quotes'),
    proformaId: refs.ref('sales/proformas'),
    seriesId: refs.ref('sales/numbering-series'),
    documentType: 'TD01',
    lines: line(refs),
    dueDates: null,
    relatedInvoiceIds: null,
  }),
  // Time entries of a technician of the activity, ending after they start.
  'sales/work-reports': (refs) => ({
    activityId: refs.ref('wfm/activities'),
    timeEntries: [
      {
        technicianId: (refs.record('wfm/activities').technicianIds as string[])[0],
        date: '2026-03-02',
        startTime: '08:00',
        endTime: '12:30',
        breakMinutes: 30,
        kind: 'work',
        km: '12.5',
      },
    ],
  }),
};
