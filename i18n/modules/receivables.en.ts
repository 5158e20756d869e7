/** The Scadenzario and "Record payment" (src/modules/sales/receivables), under `receivables`. */
export const receivablesEn = {
  title: 'Receivables',
  asOf: 'As of',
  loading: 'Loading the receivables…',
  loadFailed: 'Could not load the receivables',
  nothing: 'No customer owes anything',
  totals: 'Totals by days past due',
  customers: 'Customers',
  customer: 'Customer',
  pageOf: ':from-:to of :count',
  buckets: {
    notDue: 'Not due',
    days0to30: '1-30 days',
    days31to60: '31-60 days',
    days61to90: '61-90 days',
    over90: 'Over 90 days',
    total: 'Total',
  },
  payment: {
    open: 'Record payment',
    title: 'Record payment',
    save: 'Record',
    recorded: 'Payment recorded',
  },
};
