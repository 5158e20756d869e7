import { sql } from 'kysely';
import invoices from '../../resources/sales/invoices';
import payments from '../../resources/sales/payments';
import proformas from '../../resources/sales/proformas';
import quotes from '../../resources/sales/quotes';
import { todayInItaly } from '../../resources/schema/presets';
import { decimal, type ResourceDefinition } from '../../resources/schema';
import { tableRef } from '../db/derive';
import type { Db } from '../db/tables';
import { type Actor, Records, runAction } from '../records';
import { salesHooks } from '../services/sales/hooks';

type Row = Record<string, unknown>;

/** How many of the demo draft invoices are issued (the rest stay drafts). */
const TO_ISSUE = 20;

function plusDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * Billing as an office leaves it (docs/domain.md#due-dates-and-payments): draft invoices issued in date
 * order, payments in full and in part and instalments left overdue, a credit note, quotes sent, accepted
 * (one turned into an invoice), rejected and expired, a proforma sent. Everything goes through the
 * declared actions and the sales hooks, so numbering and instalments are the product's own. A step the
 * hooks refuse is skipped and logged: the seed never stops `npm start`.
 */
export async function seedSalesBilling(
  trx: Db,
  tenant: string,
  log: (message: string) => void = (m) => console.warn(m),
): Promise<void> {
  const admin: Actor = { tenant, username: 'admin', roles: ['ROLE_ADMIN'] };
  const today = todayInItaly();
  const recordsOf = (def: ResourceDefinition) => new Records(trx, def, salesHooks[def.name]);
  let step = 0;
  /** One step in a savepoint: a refusal rolls back that step only, and the seed goes on. */
  const attempt = async <T>(what: string, run: () => Promise<T>): Promise<T | undefined> => {
    const name = sql.raw(`seed_billing_${++step}`);
    await sql`savepoint ${name}`.execute(trx);
    try {
      const out = await run();
      await sql`release savepoint ${name}`.execute(trx);
      return out;
    } catch (error) {
      await sql`rollback to savepoint ${name}`.execute(trx);
      log(`seed ${tenant}: ${what} skipped (${error instanceof Error ? error.message : String(error)})`);
      return undefined;
    }
  };
  const act = (def: ResourceDefinition, record: Row, action: string, input: Row = {}) =>
    attempt(`${def.name} ${String(record.id)} ${action}`, async () => {
      const records = recordsOf(def);
      const stored = await records.get(tenant, String(record.id));
      return runAction(records, salesHooks[def.name], admin, String(record.id), action, { version: stored.version, ...input }, 'it'); // prettier-ignore
    });

  // Invoices: the oldest drafts issued in date order (numbers follow dates in each series), immediate (TD01)
  // and deferred ones (TD24, the month's work reports) alike.
  const drafts = await trx
    .selectFrom(tableRef(invoices))
    .select(['id', 'date'])
    .where('tenantId', '=', tenant)
    .where('status', '=', 'draft')
    .where('documentType', 'in', ['TD01', 'TD24'])
    .where('date', '<=', today)
    .orderBy('date')
    .orderBy('id')
    .limit(TO_ISSUE)
    .execute();
  const issued: Row[] = [];
  for (const draft of drafts) {
    const done = await act(invoices, draft, 'issue');
    if (done) issued.push(done);
  }

  // Payments: every third paid in full, every third in part, the rest left open (overdue once due).
  for (const [i, invoice] of issued.entries()) {
    // What the customer owes: net of split-payment VAT and of the withholding (docs/domain.md#tax-cases).
    const total = String(invoice.amountPayable ?? invoice.totalDocument ?? '0');
    const amount = i % 3 === 0 ? total : i % 3 === 1 ? decimal.round(decimal.dec(total).div(2), 2) : null;
    if (amount === null || decimal.compare(amount, '0.01') < 0) continue;
    const date = [plusDays(String(invoice.date), 25), today].sort()[0];
    await attempt(`payment of ${String(invoice.fullNumber ?? invoice.id)}`, () =>
      recordsOf(payments).insert(admin, { invoiceId: invoice.id, date, amount, method: 'MP05' }, 'it'),
    );
  }

  // A credit note for the whole of one issued invoice, issued in its turn.
  const credited = issued[issued.length - 1];
  if (credited) {
    const after = await act(invoices, credited, 'creditNote');
    const ids = (after?.creditNoteIds as string[] | null) ?? [];
    const note = ids[ids.length - 1];
    if (note) await act(invoices, { id: note }, 'issue');
    else log(`seed ${tenant}: no credit note was made from ${String(credited.id)}`);
  }

  // Quotes: past their validity, sent and expired (one rejected); the valid ones sent, some accepted.
  const quoteRows = await trx
    .selectFrom(tableRef(quotes))
    .select(['id', 'validUntil', 'customerId'])
    .where('tenantId', '=', tenant)
    .where('status', '=', 'draft')
    .orderBy('date')
    .orderBy('id')
    .execute();
  const expired = quoteRows.filter((q) => String(q.validUntil) < today);
  const valid = quoteRows.filter((q) => String(q.validUntil) >= today);
  const to = 'ufficio.acquisti@example.it';
  for (const [i, quote] of expired.entries()) {
    if (i % 4 === 3) continue; // some stay drafts
    if (!(await act(quotes, quote, 'send', { to }))) continue;
    if (i === 0) await act(quotes, quote, 'reject', { rejectionReason: 'Il cliente ha scelto un altro fornitore.' });
    else await act(quotes, quote, 'expire');
  }
  let converted = false;
  for (const [i, quote] of valid.entries()) {
    if (i % 3 === 2) continue; // some stay drafts
    if (!(await act(quotes, quote, 'send', { to }))) continue;
    if (i % 3 !== 0) continue;
    if (!(await act(quotes, quote, 'accept', { acceptedBy: 'Responsabile acquisti' }))) continue;
    if (!converted) converted = (await act(quotes, quote, 'convertToInvoice')) !== undefined;
  }

  // A proforma sent to its customer.
  const proforma = await trx
    .selectFrom(tableRef(proformas))
    .select('id')
    .where('tenantId', '=', tenant)
    .where('status', '=', 'draft')
    .orderBy('date')
    .executeTakeFirst();
  if (proforma) await act(proformas, proforma, 'send', { to });
}
