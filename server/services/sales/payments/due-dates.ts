import { decimal } from '../../../../resources/schema';
import { amountPayable } from '../../../../resources/sales/tax';
import { tableRef } from '../../../db/derive';
import { type PaymentMethod, SEPA_DIRECT_DEBIT } from '../../../../resources/sales/codes';
import customers from '../../../../resources/sales/customers';
import paymentTerms from '../../../../resources/sales/payment-terms';
import type { HookContext, Row } from '../../../records';

/** An instalment of a payment term: a percentage due `days` after the document date (end of month, plus extra days). */
export interface TermInstalment {
  percent: unknown;
  days: unknown;
  endOfMonth?: unknown;
  extraDays?: unknown;
}

/** A due date as the invoice stores it (FatturaPA DettaglioPagamento). */
export interface DueDate {
  dueDate: string;
  amount: string;
  method: PaymentMethod;
  iban: string | null;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function endOfMonth(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

/**
 * The due dates a term gives a document dated `date` for `total` ("30/60 gg DF FM": 30 and 60 days from
 * the date, at the end of that month, plus extra days). Each amount is its percentage rounded to the cent;
 * the last takes what rounding left, so they add up to the total exactly.
 */
export function dueDatesOf(
  installments: readonly TermInstalment[],
  date: string,
  total: string,
  method: PaymentMethod,
  iban: string | null = null,
): DueDate[] {
  let left = decimal.dec(total);
  return installments.map((line, i) => {
    let due = addDays(date, Number(line.days ?? 0));
    if (line.endOfMonth === true) due = endOfMonth(due);
    if (typeof line.extraDays === 'number') due = addDays(due, line.extraDays);
    const amount =
      i === installments.length - 1
        ? decimal.round(left, 2)
        : decimal.round(decimal.dec(total).times(decimal.dec(line.percent)).div(100), 2);
    left = left.minus(amount);
    return { dueDate: due, amount, method, iban };
  });
}

/**
 * The due dates an invoice is issued with, for the amount the customer pays: its own when the office wrote them, else those of its payment
 * term (the customer's when the invoice names none), else the whole amount at the invoice date. The
 * method is the invoice's, else the term's, else the customer's, else MP05 (bank transfer); a SEPA direct
 * debit carries the customer's IBAN (the account the bank debits).
 */
export async function dueDatesFor(ctx: HookContext, invoice: Row): Promise<DueDate[]> {
  if (Array.isArray(invoice.dueDates) && invoice.dueDates.length > 0) return invoice.dueDates as DueDate[];
  const customer =
    typeof invoice.customerId === 'string'
      ? await ctx.trx
          .selectFrom(tableRef(customers))
          .select(['paymentTermId', 'paymentMethod', 'customerIban'])
          .where('tenantId', '=', ctx.actor.tenant)
          .where('id', '=', invoice.customerId)
          .executeTakeFirst()
      : undefined;
  const termId = typeof invoice.paymentTermId === 'string' ? invoice.paymentTermId : customer?.paymentTermId;
  const term =
    typeof termId === 'string'
      ? await ctx.trx
          .selectFrom(tableRef(paymentTerms))
          .select(['installments', 'paymentMethod'])
          .where('tenantId', '=', ctx.actor.tenant)
          .where('id', '=', termId)
          .executeTakeFirst()
      : undefined;
  const method = (invoice.paymentMethod ?? term?.paymentMethod ?? customer?.paymentMethod ?? 'MP05') as PaymentMethod;
  const iban =
    SEPA_DIRECT_DEBIT.includes(method) && typeof customer?.customerIban === 'string' ? customer.customerIban : null;
  // What the customer pays: net of split-payment VAT and of the withholding (docs/domain.md#tax-cases).
  const total = amountPayable(invoice);
  const installments = (term?.installments as TermInstalment[] | null) ?? [{ percent: '100', days: 0 }];
  return dueDatesOf(installments, String(invoice.date), total, method, iban);
}
