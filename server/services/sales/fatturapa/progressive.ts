import { sql } from 'kysely';
import type { Db } from '../../../db/tables';
import { MAX_PROGRESSIVE, progressiveCode } from './text';

/** What identifies one transmission of an invoice to the SdI. */
export interface Transmission {
  /** ProgressivoInvio, five characters [0-9A-Z]. */
  progressive: string;
  /** IT<sender VAT>_<progressive>.xml, the SdI's naming rule. */
  fileName: string;
}

/**
 * The next progressive of the tenant: one counter row per tenant, moved by an upsert whose row lock is held
 * until the caller's transaction ends, so concurrent transmissions take turns (on PostgreSQL and PGlite alike)
 * and never share a value. Gaps are allowed (a rolled-back transaction gives its value back or not: uniqueness
 * is what the SdI asks, docs/domain.md#electronic-invoice-fatturapa).
 */
async function nextProgressive(trx: Db, tenant: string): Promise<string | undefined> {
  const row = await trx
    .insertInto('sales.sdiProgressives')
    .values({ tenantId: tenant, lastValue: 1 })
    .onConflict((oc) => oc.column('tenantId').doUpdateSet({ lastValue: sql`sales.sdi_progressives.last_value + 1` }))
    .returning('lastValue')
    .executeTakeFirstOrThrow();
  const counter = Number(row.lastValue);
  return counter > MAX_PROGRESSIVE ? undefined : progressiveCode(counter);
}

/**
 * The invoice's transmission: the one it has, or a new progressive and file name stored on it now (none when
 * the tenant's five-character progressives are used up). `renew` gives a new one even when it has one: a
 * rejected invoice is sent again under a new file name (docs/domain.md#sdi-round-trip). The
 * invoice row is locked first, so two first downloads at once agree on one progressive. Written straight to
 * the table like the payment fields: the issued invoice's update lock is for people, its version does not move.
 */
export async function transmissionOf(
  trx: Db,
  tenant: string,
  invoiceId: string,
  sender: { IdPaese: string; IdCodice: string },
  renew = false,
): Promise<Transmission | undefined> {
  const stored = await trx
    .selectFrom('sales.invoices')
    .select(['sdiProgressive', 'sdiFileName'])
    .where('tenantId', '=', tenant)
    .where('id', '=', invoiceId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (!renew && stored.sdiProgressive && stored.sdiFileName)
    return { progressive: stored.sdiProgressive, fileName: stored.sdiFileName };
  const progressive = await nextProgressive(trx, tenant);
  if (!progressive) return undefined;
  const fileName = `${sender.IdPaese}${sender.IdCodice}_${progressive}.xml`;
  await trx
    .updateTable('sales.invoices')
    // A new transmission has no SdI identifier until its first receipt.
    .set({ sdiProgressive: progressive, sdiFileName: fileName, ...(renew ? { sdiIdentifier: null } : {}) })
    .where('tenantId', '=', tenant)
    .where('id', '=', invoiceId)
    .execute();
  return { progressive, fileName };
}
