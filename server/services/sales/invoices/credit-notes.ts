import { sql } from 'kysely';
import { todayInItaly } from '../../../../resources/schema/presets';
import invoices from '../../../../resources/sales/invoices';
import { decimal, type FieldIssue } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import { formatDate } from '../../../documents/pdf';
import { translate } from '../../../http/lang';
import { columnValue, type HookContext, issue, Records, type ResourceHooks, type Row } from '../../../records';
import { defaultSeriesId } from '../numbering';
import { releaseBilledActivities } from './billed-activities';

const INVOICES = tableRef(invoices);

/** What a user may write on a line: the computed total is derived again. */
const LINE_FIELDS = [
  'lineNo',
  'productId',
  'code',
  'description',
  'quantity',
  'uom',
  'unitPrice',
  'discountPercent',
  'vatRate',
  'vatNature',
] as const;

const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];

/** A credit or debit note names only issued invoices of its own customer (docs/domain.md#credit-notes). */
export async function relatedInvoiceIssues(ctx: HookContext, doc: Row): Promise<FieldIssue[]> {
  const ids = idsOf(doc.relatedInvoiceIds);
  if (ids.length === 0) return [];
  const rows = await ctx.trx
    .selectFrom(INVOICES)
    .select(['id', 'customerId', 'status'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', 'in', ids)
    .execute();
  const fine = rows.filter((row) => row.status === 'issued' && row.customerId === doc.customerId && row.id !== doc.id);
  return fine.length === new Set(ids).size ? [] : [issue('relatedInvoiceIds', 'validation.sales.relatedIssued')];
}

/**
 * The draft credit note (TD04) of an issued invoice: same customer and lines, the tenant's credit note
 * series, dated today, linked to the invoice, its notes in the tenant's language (Italian). Written
 * through the invoice's own hooks, as a create over the API would be. Returns its id.
 */
export async function makeCreditNote(ctx: HookContext, hooks: ResourceHooks, original: Row): Promise<string> {
  const seriesId = await defaultSeriesId(ctx.trx, ctx.actor.tenant, 'creditNote');
  const lines = (Array.isArray(original.lines) ? (original.lines as Row[]) : []).map((line) =>
    Object.fromEntries(LINE_FIELDS.filter((name) => line[name] != null).map((name) => [name, line[name]])),
  );
  const notes = translate('it', 'invoices.creditNoteNotes', {
    number: String(original.fullNumber),
    date: formatDate(String(original.date)),
  });
  const body: Row = {
    documentType: 'TD04',
    seriesId,
    date: todayInItaly(),
    customerId: original.customerId,
    lines,
    relatedInvoiceIds: [original.id],
    notes,
    paymentConditions: original.paymentConditions ?? 'TP02',
  };
  // The note mirrors the invoice's tax choices; its stamp duty is the hooks' (docs/domain.md#tax-cases).
  if (original.stampDutyCharged != null) body.stampDutyCharged = original.stampDutyCharged;
  if (original.withholdingRate != null && original.withholdingReason != null)
    Object.assign(body, { withholdingRate: original.withholdingRate, withholdingReason: original.withholdingReason });
  const created = await new Records(ctx.trx, invoices, hooks).insert(ctx.actor, body, ctx.lang);
  return String(created.id);
}

interface Credited {
  id: string;
  fullNumber: string | null;
  totalDocument: string;
  creditedAmount: string;
}

/** The invoices a credit note corrects, locked in its order until the issue commits. */
async function lockRelated(ctx: HookContext, creditNote: Row): Promise<Credited[]> {
  const ids = idsOf(creditNote.relatedInvoiceIds);
  if (ids.length === 0) return [];
  const rows = (await ctx.trx
    .selectFrom(INVOICES)
    .select(['id', 'fullNumber', 'totalDocument', 'creditedAmount'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute()) as Credited[];
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

const leftOf = (row: Credited) => decimal.dec(row.totalDocument).minus(decimal.dec(row.creditedAmount ?? '0'));

/** A credit note credits at most what is left of the invoices it corrects (409 otherwise). */
export async function checkCreditLimit(ctx: HookContext, creditNote: Row): Promise<void> {
  const related = await lockRelated(ctx, creditNote);
  const left = decimal.round(decimal.sum(related.map(leftOf)), 2);
  if (decimal.compare(creditNote.totalDocument, left) > 0)
    throw ctx.conflict(
      ctx.issue('lines', 'validation.sales.creditNoteTooLarge', { left }),
      `The credit note's total ${String(creditNote.totalDocument)} exceeds the ${left} left to credit.`,
    );
}

/**
 * An issued credit note's amount is credited to the invoices it corrects, in their order; an invoice
 * credited in full becomes cancelledByCreditNote and the activities it billed are billable again.
 */
export async function applyCredit(ctx: HookContext, creditNote: Row): Promise<void> {
  let amount = decimal.dec(creditNote.totalDocument);
  for (const original of await lockRelated(ctx, creditNote)) {
    if (amount.lte(0)) break;
    const left = leftOf(original);
    const take = amount.gt(left) ? left : amount;
    amount = amount.minus(take);
    const credited = decimal.round(decimal.dec(original.creditedAmount ?? '0').plus(take), 2);
    const full = decimal.compare(credited, original.totalDocument) >= 0;
    await ctx.trx
      .updateTable(INVOICES)
      .set({
        creditedAmount: credited,
        ...(full ? { status: 'cancelledByCreditNote' as const, cancelledAt: new Date().toISOString() } : {}),
        updatedBy: ctx.actor.username,
        updatedAt: sql`now()`,
        version: sql`version + 1`,
      })
      .where('tenantId', '=', ctx.actor.tenant)
      .where('id', '=', original.id)
      .execute();
    if (full) await releaseBilledActivities(ctx, original.id);
  }
}

/** A draft credit note that is deleted no longer counts among its invoices' credit notes. */
export async function forgetCreditNote(ctx: HookContext, draft: Row): Promise<void> {
  const ids = idsOf(draft.relatedInvoiceIds);
  if (ids.length === 0) return;
  const rows = await ctx.trx
    .selectFrom(INVOICES)
    .select(['id', 'creditNoteIds'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', 'in', ids)
    .execute();
  for (const row of rows) {
    const kept = idsOf(row.creditNoteIds).filter((id) => id !== draft.id);
    if (kept.length === idsOf(row.creditNoteIds).length) continue;
    await ctx.trx
      .updateTable(INVOICES)
      .set({
        creditNoteIds: columnValue(invoices, 'creditNoteIds', kept) as string[],
        updatedAt: sql`now()`,
        version: sql`version + 1`,
      })
      .where('tenantId', '=', ctx.actor.tenant)
      .where('id', '=', row.id)
      .execute();
  }
}
