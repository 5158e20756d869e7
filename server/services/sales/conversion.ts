import customers from '../../../resources/sales/customers';
import { todayInItaly } from '../../../resources/schema/presets';
import invoices from '../../../resources/sales/invoices';
import proformas from '../../../resources/sales/proformas';
import quotes from '../../../resources/sales/quotes';
import { moneyLineFields } from '../../../resources/sales/money-lines';
import { tableRef } from '../../db/derive';
import { Records, type HookContext, type ResourceHooks, type Row } from '../../records';
import { defaultSeriesId } from './numbering';

/**
 * A document made from another (docs/domain.md#quotes-and-proformas): a quote becomes a draft proforma
 * or a draft invoice, a proforma a draft invoice. Each conversion runs in the action's transaction and
 * inserts its target through the target's Records and hooks, as the acting user, so the target is
 * numbered and checked like a document typed in by hand.
 */

/** The line fields a client writes (the line total is computed again from them). */
const LINE_INPUTS = Object.entries(moneyLineFields())
  .filter(([, field]) => field.kind !== 'computed')
  .map(([name]) => name);

/** The source's lines, field by field (number, product, prices, discounts, VAT): nothing recomputed, nothing lost. */
export function copyLines(lines: unknown): Row[] {
  return ((lines as Row[] | null) ?? []).map((line) =>
    Object.fromEntries(LINE_INPUTS.filter((name) => line[name] != null).map((name) => [name, line[name]])),
  );
}

/** Values without their empty ones: a create leaves those to the definition's defaults. */
const present = (values: Row): Row => Object.fromEntries(Object.entries(values).filter(([, v]) => v != null));

/**
 * Locks the source row and tells whether it is still at the version the action read. When it is not,
 * a concurrent run of the same action got there first: this one makes nothing, and its write fails on
 * the version (then answered as a replay, ActionHooks.replay), so a double click never makes two documents.
 */
async function stillAt(ctx: HookContext, def: typeof quotes | typeof proformas, source: Row): Promise<boolean> {
  const row = await ctx.trx
    .selectFrom(tableRef(def))
    .select('version')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', String(source.id))
    .forUpdate()
    .executeTakeFirst();
  return row?.version === source.version;
}

async function customerOf(ctx: HookContext, id: unknown): Promise<Row> {
  const customer = await ctx.trx
    .selectFrom(tableRef(customers))
    .select(['paymentMethod'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', String(id))
    .executeTakeFirst();
  return customer ?? {};
}

/** A draft TD01 invoice of the default invoice series, dated today, paid in full (TP02) unless told. */
async function insertInvoice(ctx: HookContext, hooks: ResourceHooks, values: Row): Promise<Row> {
  const seriesId = await defaultSeriesId(ctx.trx, ctx.actor.tenant, 'invoice');
  const body = present({ documentType: 'TD01', paymentConditions: 'TP02', seriesId, date: todayInItaly(), ...values });
  return new Records(ctx.trx, invoices, hooks).insert(ctx.actor, body, ctx.lang);
}

/** `convertToProforma`: the quote's draft proforma, or undefined when a concurrent run made it already. */
export async function quoteToProforma(ctx: HookContext, quote: Row, hooks: ResourceHooks): Promise<Row | undefined> {
  if (!(await stillAt(ctx, quotes, quote))) return undefined;
  const customer = await customerOf(ctx, quote.customerId);
  const body = present({
    date: todayInItaly(),
    customerId: quote.customerId,
    subject: quote.subject,
    lines: copyLines(quote.lines),
    sourceQuoteId: quote.id,
    paymentMethod: customer.paymentMethod,
  });
  return new Records(ctx.trx, proformas, hooks).insert(ctx.actor, body, ctx.lang);
}

/** `convertToInvoice` of a quote: its draft invoice (payment term from the quote), or undefined as above. */
export async function quoteToInvoice(ctx: HookContext, quote: Row, hooks: ResourceHooks): Promise<Row | undefined> {
  if (!(await stillAt(ctx, quotes, quote))) return undefined;
  const customer = await customerOf(ctx, quote.customerId);
  return insertInvoice(ctx, hooks, {
    customerId: quote.customerId,
    lines: copyLines(quote.lines),
    quoteId: quote.id,
    paymentTermId: quote.paymentTermId,
    paymentMethod: customer.paymentMethod,
  });
}

/** `convertToInvoice` of a proforma: its draft invoice, linked to the quote it came from too; or undefined as above. */
export async function proformaToInvoice(
  ctx: HookContext,
  proforma: Row,
  hooks: ResourceHooks,
): Promise<Row | undefined> {
  if (!(await stillAt(ctx, proformas, proforma))) return undefined;
  const activityIds = proforma.activityIds as string[] | null;
  return insertInvoice(ctx, hooks, {
    customerId: proforma.customerId,
    lines: copyLines(proforma.lines),
    proformaId: proforma.id,
    quoteId: proforma.sourceQuoteId,
    paymentMethod: proforma.paymentMethod,
    contractId: proforma.contractId,
    activityIds: activityIds && activityIds.length > 0 ? activityIds : null,
  });
}

/**
 * Whether a refused convert is the retry of the run that converted the record: it is in the converted
 * status, one write past the version the client sent, and linked to what it became.
 */
export function convertedBy(current: Row, version: number, status: string, link: string): boolean {
  return current.status === status && current.version === version + 1 && typeof current[link] === 'string';
}
