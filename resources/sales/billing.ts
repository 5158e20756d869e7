/**
 * The wire shapes of invoicing the work (docs/wire-contract.md#billing): the sales service answers them
 * (server/services/sales/billing) and the "Da fatturare" screen reads them (src/modules/sales/billing).
 */

/** Why a customer's work was not invoiced by a run (docs/domain.md#invoicing-the-work). */
export const SKIP_REASONS = [
  'noLabourProduct',
  'noPrice',
  'nothingToBill',
  'periodInvoiced',
  'busy',
  'refused',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** One invoice line a deferred invoice will carry. */
export interface BillingLine {
  productId: string | null;
  code: string | null;
  description: string;
  quantity: string;
  uom: string | null;
  unitPrice: string;
  discountPercent: string | null;
  vatRate: string;
  vatNature: string | null;
}

/** An approved activity to invoice, with its lines. */
export interface BillableActivity {
  id: string;
  number: string | null;
  title: string;
  /** The day its work ended in Italy (the end of the work, or the completion). */
  completedOn: string;
  lines: BillingLine[];
  /** Taxable amount of its lines. */
  amount: string;
  /** The work reports that document it (TD24's "documentazione idonea"). */
  workReports: { number: string; date: string }[];
}

/** One customer's work of the period: what `POST /sales/api/billing/deferred` would invoice. */
export interface DeferredCustomer {
  customerId: string;
  customerName: string;
  activities: BillableActivity[];
  totalTaxable: string;
  totalVat: string;
  totalDocument: string;
  /** Set when the customer's work cannot be invoiced as it stands. */
  problem: { reason: SkipReason; activityId: string | null } | null;
}

export interface DeferredPreview {
  periodStart: string;
  periodEnd: string;
  customers: DeferredCustomer[];
}

export interface DeferredRunBody {
  periodStart: string;
  periodEnd: string;
  customerIds?: string[];
  /** The invoices' date: the period's end (or today, when earlier) unless given. */
  date?: string;
}

export interface DeferredRunResult {
  created: { invoiceId: string; customerId: string; activities: string[] }[];
  skipped: { customerId: string; reason: SkipReason; activityId: string | null; detail?: string }[];
}

export interface ContractBillingResult {
  created: { invoiceId: string; contractId: string; periodStart: string; periodEnd: string }[];
  skipped: { contractId: string; detail: string }[];
}
