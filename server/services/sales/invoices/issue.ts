import invoices from '../../../../resources/sales/invoices';
import { todayInItaly } from '../../../../resources/schema/presets';
import type { FieldIssue } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import { formatDate } from '../../../documents/pdf';
import { issue, type HookContext, type Row, type StoredOf, type ValuesOf } from '../../../records';
import { customerRow, sdiIssues } from '../fatturapa/checks';
import { customerSnapshotOf } from '../fatturapa/snapshot';
import { nextNumber } from '../numbering';
import { nextDueDateOf } from '../payments/allocation';
import { dueDatesFor, type DueDate } from '../payments/due-dates';
import { openInstalments } from '../payments/instalments';
import { customerNameOf } from './customer-name';
import { applyCredit, checkCreditLimit, relatedInvoiceIssues } from './credit-notes';

type Invoice = StoredOf<typeof invoices>;

const isCreditNote = (invoice: Invoice) => invoice.documentType === 'TD04';

/** What the stored draft forbids issuing (409): no lines, a date still to come, a blocked customer. */
function stateIssues(invoice: Invoice, customer: Row | undefined): { issues: FieldIssue[]; name: string | null } {
  const issues: FieldIssue[] = [];
  if (!Array.isArray(invoice.lines) || invoice.lines.length === 0)
    issues.push(issue('lines', 'validation.sales.invoiceNoLines'));
  const today = todayInItaly();
  if (String(invoice.date) > today)
    issues.push(issue('date', 'validation.sales.invoiceFutureDate', { today: formatDate(today) }));
  if (customer?.blocked === true) issues.push(issue('customerId', 'validation.sales.customerBlocked'));
  return { issues, name: (customer && customerNameOf(customer)) ?? invoice.customerName ?? null };
}

/** The last invoice numbered in the series and year, which an issued one may not predate. */
async function lastNumbered(ctx: HookContext, invoice: Invoice, year: number) {
  return ctx.trx
    .selectFrom(tableRef(invoices))
    .select(['fullNumber', 'date'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('seriesId', '=', invoice.seriesId)
    .where('year', '=', year)
    .where('number', 'is not', null)
    .where('id', '<>', invoice.id)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Before `issue` writes (docs/domain.md#invoices): the guards, then the number of the series (its row
 * stays locked until the issue commits, so concurrent issues take turns and the series stays gap-free
 * and in date order), the customer's name frozen as printed, and the due dates.
 */
export async function beforeIssue(ctx: HookContext, invoice: Invoice): Promise<ValuesOf<typeof invoices>> {
  const date = String(invoice.date);
  // Read once: its state, its printed name, its frozen tax data and the checks all come from this row.
  const customer = await customerRow(ctx, invoice.customerId);
  const { issues, name } = stateIssues(invoice, customer);
  if (issues.length > 0) throw ctx.conflict(issues, 'The invoice cannot be issued as it is.');
  if (isCreditNote(invoice)) {
    ctx.refuse(await relatedInvoiceIssues(ctx, invoice));
    await checkCreditLimit(ctx, invoice);
  }
  const kind = isCreditNote(invoice) ? 'creditNote' : 'invoice';
  const assigned = await nextNumber(ctx.trx, ctx.actor.tenant, kind, date, {
    seriesId: invoice.seriesId ?? undefined,
    lang: ctx.lang,
  });
  const previous = await lastNumbered(ctx, invoice, assigned.year);
  if (previous?.date && previous.date > date)
    throw ctx.conflict(
      ctx.issue('date', 'validation.sales.invoiceBeforePrevious', {
        number: String(previous.fullNumber),
        date: formatDate(previous.date),
      }),
      `The series' last invoice ${String(previous.fullNumber)} is dated ${previous.date}, after ${date}.`,
    );
  const dueDates = isCreditNote(invoice) ? invoice.dueDates : await dueDatesFor(ctx, invoice);
  const values: ValuesOf<typeof invoices> = {
    year: assigned.year,
    number: assigned.number,
    fullNumber: assigned.fullNumber,
    customerName: name,
    // The customer's tax data as sent, so later edits of the customer leave it alone (docs/domain.md#customer-snapshot).
    customerSnapshot: customer ? [customerSnapshotOf(customer) as never] : null,
    dueDates: dueDates as ValuesOf<typeof invoices>['dueDates'],
    // Every instalment opens unpaid: the first due date is the next one (a credit note is owed nothing).
    nextDueDate: isCreditNote(invoice) ? null : nextDueDateOf((dueDates ?? []) as DueDate[]),
  };
  // What the SdI would reject, judged on the invoice as it will be sent; refusing rolls the number back with the
  // whole transaction, so the series stays gap-free (docs/domain.md#checks-before-issue).
  const rejected = await sdiIssues(ctx, { ...invoice, ...values }, customer);
  if (rejected.length > 0)
    throw ctx.conflict(rejected, 'The SdI would reject this invoice: fix the fields named and issue it again.');
  return values;
}

/** After `issue`: an invoice opens its instalments; a credit note credits the invoices it corrects. */
export async function afterIssue(ctx: HookContext, record: Invoice): Promise<void> {
  if (isCreditNote(record)) await applyCredit(ctx, record);
  else await openInstalments(ctx, record);
}
