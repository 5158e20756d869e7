import customers from '../../../../resources/sales/customers';
import type invoices from '../../../../resources/sales/invoices';
import { dueDatesMismatch, stampDutyDue } from '../../../../resources/sales/tax';
import { tableRef } from '../../../db/derive';
import { documentServices } from '../../../documents/services';
import type { HookContext, Row, ValuesOf } from '../../../records';

type TaxValues = ValuesOf<typeof invoices>;

/** What the tax cases take from the customer (docs/domain.md#tax-cases). */
async function taxCustomer(ctx: HookContext, customerId: unknown) {
  if (typeof customerId !== 'string') return undefined;
  return ctx.trx
    .selectFrom(tableRef(customers))
    .select([
      'vatRegime',
      'withholdingAgent',
      'withholdingRate',
      'withholdingReason',
      'declarationProtocolNumber',
      'declarationDate',
    ])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', customerId)
    .executeTakeFirst();
}

type TaxCustomer = Awaited<ReturnType<typeof taxCustomer>>;

const day = (value: unknown): string | null =>
  value instanceof Date
    ? `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`
    : typeof value === 'string' && value !== ''
      ? value.slice(0, 10)
      : null;

/**
 * The customer's regime as the invoice keeps it, so its totals and XML never read the customer again: split
 * payment, and the declaration of intent in force (protocol and date) that its N3.5 lines cite.
 */
function regimeSnapshot(customer: TaxCustomer): TaxValues {
  const declaration = customer?.vatRegime === 'declarationOfIntent';
  return {
    splitPayment: customer?.vatRegime === 'splitPayment',
    declarationProtocolNumber: declaration ? (customer.declarationProtocolNumber ?? null) : null,
    declarationDate: declaration ? day(customer.declarationDate) : null,
  };
}

/** A withholding agent's rate and reason, none for anyone else: what a draft starts with (the admin may edit it). */
function withholdingOf(customer: TaxCustomer): TaxValues {
  return customer?.withholdingAgent === true
    ? { withholdingRate: customer.withholdingRate ?? '4.00', withholdingReason: customer.withholdingReason ?? 'W' }
    : { withholdingRate: null, withholdingReason: null };
}

/**
 * Whether the company charges the stamp duty to its customers: its config's `company.stampDutyCharged`, true when
 * absent (as most do: the duty is the customer's, DPR 642/72 art. 8).
 */
function stampDutyChargedByDefault(ctx: HookContext): boolean {
  try {
    return documentServices().companyOf(ctx.actor.tenant).stampDutyCharged ?? true;
  } catch {
    // A write outside a running server (a command-line tool) has no company config: the usual case.
    return true;
  }
}

const isEmpty = (value: unknown) => value === null || value === undefined;

/**
 * The due dates the office wrote pay what the customer owes, as the snapshot makes it (400 naming the amount):
 * the definition's rules run before the hooks know the customer's regime.
 */
function checkDueDates(ctx: HookContext, doc: Row): void {
  const total = dueDatesMismatch(doc);
  if (total !== null) ctx.refuse([ctx.issue('dueDates', 'validation.sales.dueDatesTotal', { total })]);
}

/** A new invoice: the customer's regime and withholding, the company's stamp duty choice, the duty due. */
export async function taxOnCreate(ctx: HookContext, values: Row): Promise<Row> {
  const customer = await taxCustomer(ctx, values.customerId);
  const out: Row = { ...values, ...regimeSnapshot(customer) };
  if (isEmpty(values.withholdingRate) && isEmpty(values.withholdingReason)) Object.assign(out, withholdingOf(customer));
  if (isEmpty(values.stampDutyCharged)) out.stampDutyCharged = stampDutyChargedByDefault(ctx);
  out.stampDuty = stampDutyDue(values.lines);
  checkDueDates(ctx, out);
  return out;
}

/**
 * A draft's change: the regime snapshot follows the customer as it is now; a new customer brings its withholding
 * (unless the change sets one); the stamp duty is recomputed from the lines (docs/domain.md#tax-cases).
 */
export async function taxOnUpdate(ctx: HookContext, changes: Row, stored: Row): Promise<Row> {
  const customerId = 'customerId' in changes ? changes.customerId : stored.customerId;
  const customer = await taxCustomer(ctx, customerId);
  const out: Row = { ...changes, ...regimeSnapshot(customer) };
  const customerChanged = 'customerId' in changes && changes.customerId !== stored.customerId;
  if (customerChanged && !('withholdingRate' in changes) && !('withholdingReason' in changes))
    Object.assign(out, withholdingOf(customer));
  if ('stampDutyCharged' in changes && isEmpty(changes.stampDutyCharged))
    out.stampDutyCharged = stampDutyChargedByDefault(ctx);
  out.stampDuty = stampDutyDue('lines' in changes ? changes.lines : stored.lines);
  checkDueDates(ctx, { ...stored, ...out });
  return out;
}

/**
 * On issue the snapshot and the duty are taken once more (the customer may have changed since the draft); due
 * dates the office wrote that no longer pay the amount owed stop the issue (409).
 */
export async function taxOnIssue(ctx: HookContext, stored: Row): Promise<TaxValues> {
  const customer = await taxCustomer(ctx, stored.customerId);
  const tax: TaxValues = {
    ...regimeSnapshot(customer),
    stampDuty: stampDutyDue(stored.lines),
    stampDutyCharged: isEmpty(stored.stampDutyCharged)
      ? stampDutyChargedByDefault(ctx)
      : stored.stampDutyCharged === true,
  };
  const total = dueDatesMismatch({ ...stored, ...tax });
  if (total !== null)
    throw ctx.conflict(
      ctx.issue('dueDates', 'validation.sales.dueDatesTotal', { total }),
      `The due dates do not add up to the ${total} the customer owes.`,
    );
  return tax;
}
