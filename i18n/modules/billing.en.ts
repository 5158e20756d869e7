/** Invoicing the work (src/modules/sales/billing, server/services/sales/billing), under `billing`. */
export const billingEn = {
  title: 'To invoice',
  periodStart: 'From',
  periodEnd: 'To',
  loading: 'Loading the work to invoice…',
  loadFailed: 'Could not load the work to invoice',
  nothing: 'No approved chargeable activity to invoice in this period',
  customer: 'Customer',
  activities: 'Activities',
  activity: 'Activity',
  completedOn: 'Completed on',
  workReports: 'Work reports',
  taxable: 'Taxable',
  vat: 'VAT',
  total: 'Total',
  select: 'Invoice this customer',
  selectAll: 'Select all',
  create: 'Create invoices',
  creating: 'Creating the invoices…',
  created: 'Invoices drafted: :count',
  openDraft: 'Open the draft of :customer',
  createFailed: 'The invoices could not be created',
  skipped: 'Not invoiced: :customer (:reason)',
  reasons: {
    noLabourProduct: 'no labour product in the catalogue',
    noPrice: 'a material or the labour has no price',
    nothingToBill: 'nothing billable',
    periodInvoiced: 'the period is already invoiced',
    busy: 'being invoiced by another run',
    refused: 'the invoice was refused',
  },
};

/** Refusals of the billing routes, under `validation.billing`. */
export const billingValidationEn = {
  noInvoiceSeries: 'There is no active invoice numbering series to draft the invoice in',
  periodTooLong: 'The period may be at most :days days long',
};
