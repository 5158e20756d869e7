/**
 * The wire shape of `GET {sales}/api/figures` (docs/wire-contract.md#figures), declared once for the
 * service that computes it and the dashboard that draws it. Money as exact decimal strings.
 */

/** An amount and how many records make it. */
export interface CountAndAmount {
  count: number;
  amount: string;
}

/** The office's figures. */
export interface SalesFigures {
  /** Today in Italy, the day "overdue" and "expiring" are measured from. */
  today: string;
  /** Issued invoices' taxable amount per month of their date, credit notes subtracted, oldest first. */
  turnover: { month: string; amount: string }[];
  /** Outstanding amounts of open instalments, and of those past their due date. */
  receivables: { open: CountAndAmount; overdue: CountAndAmount };
  /** Quotes per open status, and the sent ones whose validity ends within EXPIRING_DAYS. */
  quotes: { draft: CountAndAmount; sent: CountAndAmount; accepted: CountAndAmount; expiring: CountAndAmount };
  /** Approved chargeable activities no invoice bills yet (their materials' value), and draft invoices. */
  toInvoice: { activities: CountAndAmount; draftInvoices: CountAndAmount };
}

/** A sent quote "expires soon" when its validity ends within this many days. */
export const EXPIRING_DAYS = 7;
