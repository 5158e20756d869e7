import { sql } from 'kysely';
import customers from '../../resources/sales/customers';
import invoices from '../../resources/sales/invoices';
import { todayInItaly } from '../../resources/schema/presets';
import { tableRef } from '../db/derive';
import type { Db } from '../db/tables';
import { type Actor, Records, runAction } from '../records';
import { salesHooks } from '../services/sales/hooks';
import { importReceipt } from '../services/sales/sdi/import';
import type { Receipt, ReceiptKind } from '../services/sales/sdi/receipt';

type Row = Record<string, unknown>;

/** Minutes after the sending: the SdI answers within minutes (the history reads in order). */
const shortlyAfter = (sent: Date, minutes: number) => new Date(sent.getTime() + minutes * 60_000).toISOString();

/**
 * The rejection the SdI gives an identifier it does not find in the tax registry (which the product cannot
 * check): the VAT number (00305) of a business, the codice fiscale (00306) of a private customer.
 */
const unknownIdentifier = (customer: Row | undefined) =>
  customer?.vatNumber
    ? {
        code: '00305',
        description: 'IdFiscaleIVA del CessionarioCommittente non valido',
        hint: "Verificare la partita IVA del cliente presso l'Anagrafe Tributaria",
      }
    : {
        code: '00306',
        description: 'CodiceFiscale del CessionarioCommittente non valido',
        hint: "Verificare il codice fiscale del cliente presso l'Anagrafe Tributaria",
      };

/**
 * What the receipt of each sent invoice is: one rejected for the customer's identifier (the SdI checks it against
 * the tax registry, which the product cannot: NS 00305 or 00306), one not deliverable (MC: in the customer's tax drawer),
 * today's still awaiting their receipt, a public administration's delivered; the rest delivered.
 */
function receiptFor(invoice: Row, index: number, isPa: boolean, today: string): ReceiptKind | null {
  if (isPa) return 'RC';
  if (String(invoice.date) >= today) return null;
  if (index === 1) return 'NS';
  if (index === 2) return 'MC';
  return 'RC';
}

/**
 * The SdI round trip as the office's month leaves it (docs/domain.md#sdi-round-trip): every issued invoice sent
 * through the transmission channel by its action, and the SdI's receipts imported as the inbox would, so the
 * demo shows delivered, not delivered, rejected (its administrators notified) and awaiting invoices with their
 * history. An invoice the actions refuse is skipped and logged.
 */
export async function seedSdi(trx: Db, tenant: string, log: (m: string) => void = (m) => console.warn(m)) {
  const admin: Actor = { tenant, username: 'admin', roles: ['ROLE_ADMIN'] };
  const hooks = salesHooks[invoices.name];
  const records = new Records(trx, invoices, hooks);
  const today = todayInItaly();
  const issued = (await trx
    .selectFrom(tableRef(invoices))
    .select(['id', 'version', 'date', 'customerId'])
    .where('tenantId', '=', tenant)
    .where('status', 'in', ['issued', 'cancelledByCreditNote'])
    .where('sdiStatus', '=', 'notSent')
    .orderBy('date')
    .orderBy('number')
    .execute()) as Row[];
  const customersById = new Map(
    (
      await trx
        .selectFrom(tableRef(customers))
        .select(['id', 'kind', 'vatNumber'])
        .where('tenantId', '=', tenant)
        .execute()
    ).map((c) => [c.id, c as Row]),
  );
  let sdiIdentifier = 9_100_000;
  for (const [i, invoice] of issued.entries()) {
    const name = sql.raw(`seed_sdi_${i}`);
    await sql`savepoint ${name}`.execute(trx);
    try {
      const body = { version: invoice.version };
      const sent = await runAction(records, hooks, admin, String(invoice.id), 'sendToSdi', body, 'it');
      const customer = customersById.get(String(invoice.customerId));
      const kind = receiptFor(invoice, i, customer?.kind === 'publicAdministration', today);
      if (kind) {
        const fileName = String(sent.sdiFileName);
        const receipt: Receipt = {
          kind,
          sdiIdentifier: String(sdiIdentifier++),
          fileName,
          messageId: `seed-${tenant}-${fileName}-${kind}`,
          receivedAt: shortlyAfter(new Date(), 5),
          outcome: null,
          errors: kind === 'NS' ? [unknownIdentifier(customer)] : [],
          note: kind === 'MC' ? 'Casella PEC del destinatario piena' : null,
        };
        await importReceipt(trx, admin, receipt, `${fileName.replace(/\.xml$/, '')}_${kind}_001.xml`, 'it');
      }
      await sql`release savepoint ${name}`.execute(trx);
    } catch (error) {
      await sql`rollback to savepoint ${name}`.execute(trx);
      log(`seed ${tenant}: SdI sending skipped (${error instanceof Error ? error.message : String(error)})`);
    }
  }
}
