/**
 * The wire shape of the receivables' ageing (docs/wire-contract.md#receivables-ageing), shared by the route
 * that answers it (server/services/sales/payments/ageing.ts) and the Scadenzario screen that reads it
 * (src/modules/sales/receivables).
 */

/** Days past due: not yet due, 1-30, 31-60, 61-90, more than 90. */
export const AGEING_BUCKETS = ['notDue', 'days0to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** Each bucket and their total, exact decimal strings with 2 places. */
export type AgeingTotals = Record<AgeingBucket | 'total', string>;

export interface CustomerAgeing extends AgeingTotals {
  customerId: string;
  customerName: string | null;
}

export interface Ageing {
  asOf: string;
  totals: AgeingTotals;
  customers: CustomerAgeing[];
  /** How many customers owe something (the pages of `customers`). */
  customerCount: number;
}
