import customers from '../../../../resources/sales/customers';
import invoices from '../../../../resources/sales/invoices';
import { rowsOf } from '../../../../resources/sales/rules';
import { decimal, type FieldIssue } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import { formatDate } from '../../../documents/pdf';
import { issue, type HookContext } from '../../../records';

/* eslint-disable @typescript-eslint/no-explicit-any -- stored rows are read untyped, as the builder reads them */
type Row = Record<string, any>;

const V = 'validation.sales.';
const DECLARATION_NATURE = 'N3.5';
/** Issued documents count against the ceiling; a credit note gives back what it corrects. */
const COUNTED = ['issued', 'cancelledByCreditNote'] as const;

/** The taxable amount of a document's lines sold under the declaration (natura N3.5). */
export function declarationBase(lines: unknown): string {
  const amounts = rowsOf(lines)
    .filter((line) => line.vatNature === DECLARATION_NATURE)
    .map((line) => decimal.lineAmount(line.quantity, line.unitPrice, line.discountPercent));
  return decimal.round(decimal.sum(amounts), 2);
}

const hasDeclarationLines = (invoice: Row) => rowsOf(invoice.lines).some((l) => l.vatNature === DECLARATION_NATURE);

/**
 * A sale without VAT under a declaration of intent (art. 8 c. 1 lett. c DPR 633/72, docs/domain.md#tax-cases)
 * needs the declaration: its protocol and date on the invoice (the XML's INTENTO data), the invoice dated
 * within the period the declaration covers, and what it sells within the ceiling the customer declared,
 * counting the documents already issued under the same protocol (`used`). Beyond it the sale owes VAT.
 */
export function declarationIssues(invoice: Row, customer: Row, used: string): FieldIssue[] {
  if (!hasDeclarationLines(invoice)) return [];
  if (!invoice.declarationProtocolNumber || !invoice.declarationDate)
    return [issue('customerId', `${V}sdiDeclarationMissing`)];
  const issues: FieldIssue[] = [];
  const date = String(invoice.date ?? '');
  const from = customer.declarationFromDate ? String(customer.declarationFromDate).slice(0, 10) : null;
  const to = customer.declarationToDate ? String(customer.declarationToDate).slice(0, 10) : null;
  if ((from && date < from) || (to && date > to))
    issues.push(
      issue('date', `${V}sdiDeclarationPeriod`, {
        protocol: String(invoice.declarationProtocolNumber),
        from: from ? formatDate(from) : '-',
        to: to ? formatDate(to) : '-',
      }),
    );
  const ceiling = customer.declarationAmountCeiling;
  if (invoice.documentType !== 'TD04' && ceiling !== null && ceiling !== undefined && ceiling !== '') {
    const available = decimal.dec(ceiling).minus(decimal.dec(used));
    if (decimal.dec(declarationBase(invoice.lines)).gt(available))
      issues.push(
        issue('lines', `${V}sdiDeclarationCeiling`, {
          ceiling: decimal.round(ceiling, 2),
          available: decimal.round(available.lt(0) ? 0 : available, 2),
        }),
      );
  }
  return issues;
}

/**
 * What the documents already issued to the customer under this protocol took from its ceiling (credit notes
 * giving it back). The customer's row is locked first when the invoice sells under a declaration, so two issues
 * at once for the same customer take turns and cannot both use the last of the ceiling.
 */
export async function declarationUsed(ctx: HookContext, invoice: Row): Promise<string> {
  if (!hasDeclarationLines(invoice) || typeof invoice.customerId !== 'string' || !invoice.declarationProtocolNumber)
    return '0.00';
  await ctx.trx
    .selectFrom(tableRef(customers))
    .select('id')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', invoice.customerId)
    .forUpdate()
    .executeTakeFirst();
  const rows = await ctx.trx
    .selectFrom(tableRef(invoices))
    .select(['documentType', 'lines'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('customerId', '=', invoice.customerId)
    .where('declarationProtocolNumber', '=', String(invoice.declarationProtocolNumber))
    .where('status', 'in', [...COUNTED])
    .where('id', '<>', String(invoice.id))
    .execute();
  const used = rows.map((row) =>
    row.documentType === 'TD04'
      ? decimal.dec(declarationBase(row.lines)).neg()
      : decimal.dec(declarationBase(row.lines)),
  );
  return decimal.round(decimal.sum(used), 2);
}
