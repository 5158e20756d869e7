import { AGEING_BUCKETS, type AgeingBucket } from '../../../../resources/sales/receivables';

export type Column = AgeingBucket | 'total';

/** The Scadenzario's columns: each bucket of days past due, then their total. */
export const COLUMNS: readonly Column[] = [...AGEING_BUCKETS, 'total'];

/** The instalments still to collect: open or partly paid (docs/domain.md#due-dates-and-payments). */
const OPEN = ['open', 'partiallyPaid'] as const;

/** `YYYY-MM-DD` plus (or minus) whole days. */
export function plusDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * The due dates of a bucket on `asOf`, as the ageing route counts days past due (asOf − dueDate): not due
 * from asOf on, 1-30 days late from asOf−30 to asOf−1, and so on; the total has no bound.
 */
export function dueDateRange(column: Column, asOf: string): { dueDate_gte?: string; dueDate_lte?: string } {
  switch (column) {
    case 'notDue':
      return { dueDate_gte: asOf };
    case 'days0to30':
      return { dueDate_gte: plusDays(asOf, -30), dueDate_lte: plusDays(asOf, -1) };
    case 'days31to60':
      return { dueDate_gte: plusDays(asOf, -60), dueDate_lte: plusDays(asOf, -31) };
    case 'days61to90':
      return { dueDate_gte: plusDays(asOf, -90), dueDate_lte: plusDays(asOf, -61) };
    case 'over90':
      return { dueDate_lte: plusDays(asOf, -91) };
    default:
      return {};
  }
}

/**
 * The instalments list (`#/sales/instalments`) filtered to what an amount of the Scadenzario sums: still
 * open, of the customer when given, in the bucket's due dates. The filter is react-admin's URL filter in
 * the data providers' `field_operator` convention (docs/wire-contract.md#lists), as the dashboard's links use it.
 */
export function instalmentsLink(column: Column, asOf: string, customerId?: string): string {
  const filter = {
    status_in: [...OPEN],
    ...(customerId ? { customerId } : {}),
    ...dueDateRange(column, asOf),
  };
  return `/sales/instalments?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}
