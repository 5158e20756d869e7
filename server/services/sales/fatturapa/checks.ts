import customers from '../../../../resources/sales/customers';
import invoices from '../../../../resources/sales/invoices';
import vatRates from '../../../../resources/sales/vat-rates';
import { todayInItaly, type FieldIssue } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import type { Company } from '../../../documents/pdf';
import { documentServices } from '../../../documents/services';
import type { HookContext } from '../../../records';
import { companyIssues, customerIssues, procurementIssues } from './check-parties';
import { declarationIssues, declarationUsed } from './check-declaration';
import { dateIssues, lineIssues, STANDARD_RATES, textIssues, totalIssues } from './check-document';

/* eslint-disable @typescript-eslint/no-explicit-any -- stored rows are read untyped, as the builder reads them */
type Row = Record<string, any>;

/** Everything the checks judge: the pure function reads nothing else. */
export interface SdiCheckInput {
  /** The invoice as it will be sent: number and due dates included when the issue has given them. */
  invoice: Row;
  /** The customer's current row (undefined when it is out of reach: the engine names that). */
  customer: Row | undefined;
  company: Company;
  /** The invoices a credit or debit note corrects: their numbers and dates. */
  related: readonly Row[];
  /** The VAT rates a line may carry: the standard ones and the tenant's active ones. */
  allowedRates: readonly string[];
  /** Today in Italy (YYYY-MM-DD). */
  today: string;
  /** What documents already issued under the customer's declaration of intent took from its ceiling. */
  declarationUsed?: string;
}

/**
 * Everything the SdI would reject that the product can know (docs/domain.md#checks-before-issue), each issue
 * naming the field to fix (`company`, `customerId`, `lines.3.vatNature`, `date`, `dueDates` ...) with the SdI
 * error code in its params where there is one. Pure: what it needs is in `input`.
 */
export function sdiIssuesOf(input: SdiCheckInput): FieldIssue[] {
  const { invoice, customer } = input;
  return [
    ...companyIssues(input.company),
    ...(customer
      ? [
          ...customerIssues(customer),
          ...procurementIssues(invoice, customer),
          ...declarationIssues(invoice, customer, input.declarationUsed ?? '0.00'),
        ]
      : []),
    ...lineIssues(invoice, customer ?? {}, input.allowedRates),
    ...totalIssues(invoice),
    ...dateIssues(invoice, input.related, input.today),
    ...textIssues(invoice),
  ];
}

/** The customer's whole row, in the tenant. */
export async function customerRow(ctx: HookContext, customerId: unknown): Promise<Row | undefined> {
  if (typeof customerId !== 'string') return undefined;
  return ctx.trx
    .selectFrom(tableRef(customers))
    .selectAll()
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', customerId)
    .executeTakeFirst() as Promise<Row | undefined>;
}

async function relatedInvoices(ctx: HookContext, ids: unknown): Promise<Row[]> {
  const wanted = Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  if (wanted.length === 0) return [];
  return ctx.trx
    .selectFrom(tableRef(invoices))
    .select(['fullNumber', 'date'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', 'in', wanted)
    .execute();
}

async function tenantRates(ctx: HookContext): Promise<string[]> {
  const rows = await ctx.trx
    .selectFrom(tableRef(vatRates))
    .select('rate')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('active', 'is not', false)
    .execute();
  return rows.map((row) => String(row.rate));
}

/**
 * The checks before issue (and before a resend) on an invoice as it will be sent, reading its customer, the
 * invoices it corrects, the tenant's VAT rates and company config in the hook's transaction.
 */
export async function sdiIssues(ctx: HookContext, invoice: Row, customer?: Row): Promise<FieldIssue[]> {
  return sdiIssuesOf({
    invoice,
    customer: customer ?? (await customerRow(ctx, invoice.customerId)),
    company: documentServices().companyOf(ctx.actor.tenant),
    related: await relatedInvoices(ctx, invoice.relatedInvoiceIds),
    allowedRates: [...STANDARD_RATES, ...(await tenantRates(ctx))],
    today: todayInItaly(),
    declarationUsed: await declarationUsed(ctx, invoice),
  });
}
