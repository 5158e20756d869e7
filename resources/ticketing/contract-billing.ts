import { decimal } from '../schema';
import { addDays, isCalendarDate } from './recurrence';

/**
 * The fee periods of a contract (docs/domain.md#contract-fees): plain functions shared by the contract's
 * computed `nextBillingDate` and the `contract-billing` job, so the date a screen shows is the one the job bills on.
 */

export const MONTHS_PER_PERIOD: Record<string, number> = { monthly: 1, quarterly: 3, semiannual: 6, annual: 12 };

export interface FeePeriod {
  /** 0 for the first period of the contract. */
  index: number;
  start: string;
  end: string;
}

export interface BillableContract {
  startDate?: unknown;
  endDate?: unknown;
  amount?: unknown;
  amountBasis?: unknown;
  billingFrequency?: unknown;
  billingMode?: unknown;
  lastBilledUntil?: unknown;
}

/** `date` plus whole months, the day clamped to the month's last (31 January + 1 month = 28/29 February). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Whether the contract states what to bill: an amount, a frequency and its dates. */
export function billsFees(c: BillableContract): boolean {
  return (
    typeof c.amount === 'string' &&
    decimal.compare(c.amount, 0) > 0 &&
    typeof c.billingFrequency === 'string' &&
    (c.billingFrequency === 'oneOff' || c.billingFrequency in MONTHS_PER_PERIOD) &&
    isCalendarDate(c.startDate) &&
    isCalendarDate(c.endDate)
  );
}

/**
 * Every fee period of the contract: from its start, each `frequency` months long (counted from the start date, so
 * no drift), the last one cut at the end date; a one-off fee covers the whole contract.
 */
export function feePeriods(c: BillableContract): FeePeriod[] {
  if (!billsFees(c)) return [];
  const start = String(c.startDate);
  const end = String(c.endDate);
  if (c.billingFrequency === 'oneOff') return [{ index: 0, start, end }];
  const months = MONTHS_PER_PERIOD[String(c.billingFrequency)];
  const periods: FeePeriod[] = [];
  for (let index = 0; index < 1200; index++) {
    const from = addMonths(start, index * months);
    if (from > end) break;
    const to = addDays(addMonths(start, (index + 1) * months), -1);
    periods.push({ index, start: from, end: to < end ? to : end });
  }
  return periods;
}

/** The first period not billed yet (after `lastBilledUntil`), or null when all are. */
export function nextFeePeriod(c: BillableContract): FeePeriod | null {
  const billedUntil = isCalendarDate(c.lastBilledUntil) ? c.lastBilledUntil : null;
  return feePeriods(c).find((p) => billedUntil === null || p.start > billedUntil) ?? null;
}

/** The day a period's fee is billed: its first day when prepaid, the day after its last when postpaid. */
export function billingDateOf(c: BillableContract, period: FeePeriod): string {
  return c.billingMode === 'postpaid' ? addDays(period.end, 1) : period.start;
}

/** When the next fee falls due (the contract's computed `nextBillingDate`), null when nothing is left to bill. */
export function nextBillingDate(c: BillableContract): string | null {
  const period = nextFeePeriod(c);
  return period ? billingDateOf(c, period) : null;
}

/**
 * A period's fee: the amount itself when stated per period (or one-off); a total spread evenly over the periods,
 * rounded down to the cent, the remainder on the last period so the fees add up to the total exactly.
 */
export function feeAmount(c: BillableContract, period: FeePeriod): string {
  const amount = decimal.dec(c.amount);
  if (c.amountBasis !== 'total' || c.billingFrequency === 'oneOff') return decimal.round(amount, 2);
  const count = feePeriods(c).length;
  const share = amount.div(count).round(2, 0);
  return period.index === count - 1 ? decimal.round(amount.minus(share.times(count - 1)), 2) : decimal.round(share, 2);
}
