import invoices from '../../../resources/sales/invoices';
import numberingSeries, { type DocumentKind } from '../../../resources/sales/numbering-series';
import proformas from '../../../resources/sales/proformas';
import quotes from '../../../resources/sales/quotes';
import sites from '../../../resources/sales/sites';
import vatRates from '../../../resources/sales/vat-rates';
import { decimal, type FieldIssue } from '../../../resources/schema';
import { tableRef } from '../../db/derive';
import { type HookContext, issue, type Row } from '../../records';
import { nextNumber } from './numbering';
import { withCustomerPaymentDefaults } from './payments/customer-defaults';

/** Lines without a number get the next ones after the highest given, in their order. */
function numberLines<L>(lines: L): L {
  if (!Array.isArray(lines)) return lines;
  let last = Math.max(0, ...lines.map((line: Row) => (typeof line.lineNo === 'number' ? line.lineNo : 0)));
  // The same lines, each with a number: their type does not change.
  return lines.map((line: Row) => (typeof line.lineNo === 'number' ? line : { ...line, lineNo: ++last })) as L;
}

/** Each line's VAT (rate and nature) must be one of the tenant's active VAT rates. */
async function vatIssues(ctx: HookContext, lines: unknown): Promise<FieldIssue[]> {
  if (!Array.isArray(lines) || lines.length === 0) return [];
  const rates = (await ctx.trx
    .selectFrom(tableRef(vatRates))
    .select(['rate', 'nature'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('active', 'is not', false)
    .execute()) as { rate: string; nature: string | null }[];
  return lines.flatMap((line: Row, i) =>
    rates.some((r) => decimal.compare(r.rate, line.vatRate) === 0 && (r.nature ?? null) === (line.vatNature ?? null))
      ? []
      : [issue(`lines.${i}.vatRate`, 'validation.sales.vatRateUnknown')],
  );
}

/** Records of `def` among `ids` that belong to another customer than `customerId`. */
async function otherCustomer(
  ctx: HookContext,
  def: typeof sites | typeof quotes | typeof proformas | typeof invoices,
  ids: unknown,
  customerId: unknown,
  path: string,
) {
  const list = (Array.isArray(ids) ? ids : [ids]).filter((id): id is string => typeof id === 'string');
  if (list.length === 0 || typeof customerId !== 'string') return [];
  const rows = await ctx.trx
    .selectFrom(tableRef(def))
    .select('customerId')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', 'in', list)
    .execute();
  return rows.some((row) => row.customerId !== customerId) ? [issue(path, 'validation.sales.sameCustomer')] : [];
}

/** An invoice's series numbers invoices or credit notes. */
async function seriesIssues(ctx: HookContext, seriesId: unknown): Promise<FieldIssue[]> {
  if (typeof seriesId !== 'string') return [];
  const series = await ctx.trx
    .selectFrom(tableRef(numberingSeries))
    .select('documentKind')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', seriesId)
    .executeTakeFirst();
  return series && !['invoice', 'creditNote'].includes(String(series.documentKind))
    ? [issue('seriesId', 'validation.sales.seriesKind', { kind: 'invoice' })]
    : [];
}

type Consistency = (ctx: HookContext, doc: Row) => Promise<FieldIssue[]>;

const consistency: Record<string, Consistency> = {
  [quotes.name]: (ctx, doc) => otherCustomer(ctx, sites, doc.siteId, doc.customerId, 'siteId'),
  [proformas.name]: (ctx, doc) => otherCustomer(ctx, quotes, doc.sourceQuoteId, doc.customerId, 'sourceQuoteId'),
  [invoices.name]: async (ctx, doc) => [
    ...(await seriesIssues(ctx, doc.seriesId)),
    ...(await otherCustomer(ctx, quotes, doc.quoteId, doc.customerId, 'quoteId')),
    ...(await otherCustomer(ctx, proformas, doc.proformaId, doc.customerId, 'proformaId')),
    ...(await otherCustomer(ctx, invoices, doc.relatedInvoiceIds, doc.customerId, 'relatedInvoiceIds')),
  ],
};

/** What every sales document does on create and update; each document's hooks file builds on it. */
export interface DocumentBase {
  beforeCreate(ctx: HookContext, values: Row): Promise<Row>;
  beforeUpdate(ctx: HookContext, changes: Row, stored: Row): Promise<Row>;
}

/**
 * Quotes, proformas and invoices (their references are checked by the engine): lines are numbered and
 * use configured VAT rates, linked records belong to the document's customer, payment term and method
 * default to the customer's; quotes and proformas get
 * their number on creation (`numbered`), invoices on issue (a lifecycle action).
 */
export function documentBase(
  def: typeof quotes | typeof proformas | typeof invoices,
  numbered?: DocumentKind,
): DocumentBase {
  const check = async (ctx: HookContext, values: Row, doc: Row) => {
    const issues = [...(await vatIssues(ctx, values.lines)), ...(await consistency[def.name](ctx, doc))];
    if (issues.length > 0) throw ctx.invalid(issues);
  };
  return {
    async beforeCreate(ctx, values) {
      const doc = { ...(await withCustomerPaymentDefaults(ctx, def, values)), lines: numberLines(values.lines) };
      await check(ctx, doc, doc);
      if (!numbered) return doc;
      const { fullNumber } = await nextNumber(ctx.trx, ctx.actor.tenant, numbered, String(values.date), {
        lang: ctx.lang,
      });
      return { ...doc, number: fullNumber };
    },
    async beforeUpdate(ctx, changes, stored) {
      const out = 'lines' in changes ? { ...changes, lines: numberLines(changes.lines) } : changes;
      await check(ctx, out, { ...stored, ...out });
      return out;
    },
  };
}
