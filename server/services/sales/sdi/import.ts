import { sql } from 'kysely';
import customers from '../../../../resources/sales/customers';
import invoices from '../../../../resources/sales/invoices';
import sdiEvents from '../../../../resources/sales/sdi-events';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import { HttpProblem } from '../../../http/errors';
import { renderIssues, translate, type Lang } from '../../../http/lang';
import { conflict, issue, Records, type Actor } from '../../../records';
import { notifyRole } from '../../notifications/notify';
import type { Receipt, ReceiptKind } from './receipt';

type Row = Record<string, unknown>;

/**
 * Where each receipt moves an invoice's SdI status from (DOMAIN §4.3, docs/domain.md#sdi-round-trip). `notSent`
 * counts as sent: the file of a receipt naming its transmission reached the SdI, whoever carried it there (the
 * office may have uploaded the downloaded XML to its intermediary by hand). A PA's delivery may still come after
 * a first failed attempt (MC), until the SdI gives up with the attestation (AT).
 */
const MOVES: Readonly<Record<ReceiptKind, { from: readonly string[]; to: (r: Receipt) => string; pa?: true }>> = {
  RC: { from: ['notSent', 'sent', 'notDelivered'], to: () => 'delivered' },
  MC: { from: ['notSent', 'sent'], to: () => 'notDelivered' },
  AT: { from: ['notSent', 'sent', 'notDelivered'], to: () => 'notDelivered' },
  NS: { from: ['notSent', 'sent'], to: () => 'rejected' },
  NE: { from: ['delivered'], to: (r) => (r.outcome === 'EC02' ? 'refused' : 'accepted'), pa: true },
  DT: { from: ['delivered'], to: () => 'expired', pa: true },
};

/** Notifications are stored once for every administrator, in the interface's language (docs/spa.md#languages). */
const LANG: Lang = 'it';

export interface Imported {
  /** False when the receipt (its MessageId) was imported before: nothing changed. */
  created: boolean;
  event: Row;
}

/** The invoice the receipt's NomeFile names in this tenant: its current transmission, or an earlier one. */
async function invoiceOf(
  trx: Db,
  tenant: string,
  fileName: string,
  lang: Lang,
): Promise<{ invoice: Row; current: boolean }> {
  // A signed file is named after the plain one plus .p7m: both name the same transmission.
  const names = [fileName, fileName.replace(/\.p7m$/i, '')];
  const locked = (id?: string) =>
    trx
      .selectFrom(tableRef(invoices))
      .selectAll()
      .where('tenantId', '=', tenant)
      .where((eb) => (id ? eb('id', '=', id) : eb('sdiFileName', 'in', names)))
      .forUpdate()
      .executeTakeFirst() as Promise<Row | undefined>;
  const invoice = await locked();
  if (invoice) return { invoice, current: true };
  const sent = await trx
    .selectFrom(tableRef(sdiEvents))
    .select('invoiceId')
    .where('tenantId', '=', tenant)
    .where('kind', '=', 'send')
    .where('fileName', 'in', names)
    .executeTakeFirst();
  const earlier = sent ? await locked(String(sent.invoiceId)) : undefined;
  if (earlier) return { invoice: earlier, current: false };
  throw new HttpProblem(
    404,
    `No invoice of this tenant was transmitted as ${fileName}.`,
    renderIssues(lang, [{ path: 'NomeFile', key: 'validation.sales.sdiReceiptNoInvoice', params: { fileName } }]),
  );
}

async function isPublicAdministration(trx: Db, tenant: string, customerId: unknown): Promise<boolean> {
  const row = await trx
    .selectFrom(tableRef(customers))
    .select('kind')
    .where('tenantId', '=', tenant)
    .where('id', '=', String(customerId))
    .executeTakeFirst();
  return row?.kind === 'publicAdministration';
}

/**
 * Imports one SdI receipt in the caller's tenant transaction (docs/domain.md#sdi-round-trip): the same
 * MessageId again answers the event already recorded; a receipt of an earlier transmission (before a resend)
 * is recorded without moving the status; otherwise the invoice's status moves as MOVES says, or the receipt is
 * refused (409) when it does not follow from it. A rejection notifies the administrators with its codes.
 */
export async function importReceipt(
  trx: Db,
  actor: Actor,
  receipt: Receipt,
  receiptFileName: string | null,
  lang: Lang,
): Promise<Imported> {
  const tenant = actor.tenant;
  const known = async () =>
    (await trx
      .selectFrom(tableRef(sdiEvents))
      .selectAll()
      .where('tenantId', '=', tenant)
      .where('messageId', '=', receipt.messageId)
      .executeTakeFirst()) as Row | undefined;
  const before = await known();
  if (before) return { created: false, event: before };
  const { invoice, current } = await invoiceOf(trx, tenant, receipt.fileName, lang);
  // Under the invoice's lock: a concurrent import of the same receipt has committed by now.
  const raced = await known();
  if (raced) return { created: false, event: raced };
  const move = MOVES[receipt.kind];
  const status = String(invoice.sdiStatus);
  let to: string | null = null;
  if (current) {
    if (move.pa && !(await isPublicAdministration(trx, tenant, invoice.customerId)))
      throw conflict(
        lang,
        issue('kind', 'validation.sales.sdiReceiptPaOnly', { kind: receipt.kind }),
        `A ${receipt.kind} receipt concerns invoices to public administrations only.`,
      );
    if (!move.from.includes(status))
      throw conflict(
        lang,
        issue('sdiStatus', 'validation.sales.sdiReceiptOutOfOrder', {
          kind: receipt.kind,
          status: translate(lang, `resources.sales/invoices.enums.sdiStatus.${status}`),
        }),
        `A ${receipt.kind} receipt does not follow from SdI status ${status}.`,
      );
    to = move.to(receipt);
    await trx
      .updateTable(tableRef(invoices))
      .set({
        sdiStatus: to,
        sdiIdentifier: receipt.sdiIdentifier,
        updatedBy: actor.username,
        updatedAt: sql`now()`,
        version: sql`version + 1`,
      } as never)
      .where('tenantId', '=', tenant)
      .where('id', '=', String(invoice.id))
      .execute();
  }
  const event = await new Records(trx, sdiEvents).insert(
    actor,
    {
      invoiceId: invoice.id,
      kind: receipt.kind,
      fileName: receipt.fileName,
      progressive: current ? invoice.sdiProgressive : null,
      sdiIdentifier: receipt.sdiIdentifier,
      receivedAt: receipt.receivedAt,
      outcome: receipt.outcome,
      errors: receipt.errors,
      errorCodes:
        receipt.errors
          .map((error) => error.code)
          .filter(Boolean)
          .join(', ')
          .slice(0, 200) || null,
      receiptFileName: receiptFileName ? receiptFileName.slice(0, 120) : null,
      messageId: receipt.messageId,
      sdiStatus: to,
      note: current ? receipt.note : translate(LANG, 'sdi.earlierTransmission', { note: receipt.note ?? '' }),
    },
    lang,
  );
  if (to === 'rejected') await notifyRejection(trx, tenant, invoice, receipt);
  return { created: true, event };
}

/** Every administrator learns of a rejection: which invoice, which codes (docs/domain.md#sdi-round-trip). */
async function notifyRejection(trx: Db, tenant: string, invoice: Row, receipt: Receipt): Promise<void> {
  const number = String(invoice.fullNumber ?? receipt.fileName);
  const codes = receipt.errors.map((error) => error.code).filter(Boolean);
  await notifyRole(trx, tenant, 'ROLE_ADMIN', {
    title: translate(LANG, 'sdi.rejectedTitle', { number }),
    text: translate(LANG, 'sdi.rejectedText', {
      number,
      customer: String(invoice.customerName ?? ''),
      codes: codes.length > 0 ? codes.join(', ') : '—',
    }).slice(0, 2000),
    type: 'error',
    link: `#/sales/invoices/${String(invoice.id)}/show`,
  });
}
