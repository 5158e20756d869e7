import invoices from '../../../../resources/sales/invoices';
import numberingSeries from '../../../../resources/sales/numbering-series';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import { conflict, issue, Records, type Actor, type Row } from '../../../records';
import { invoiceHooks } from '../invoices/hooks';

const INVOICES = tableRef(invoices);

/** The language of the texts billing writes on generated invoices (Italian documents). */
export const BILLING_LANG = 'it' as const;

/** The invoice already made from an origin (`contract:…`, `deferred:…`), in any status. */
export async function invoiceOfOrigin(trx: Db, tenant: string, originKey: string): Promise<Row | undefined> {
  return (await trx
    .selectFrom(INVOICES)
    .select(['id', 'status'])
    .where('tenantId', '=', tenant)
    .where('originKey', '=', originKey)
    .executeTakeFirst()) as Row | undefined;
}

/** The tenant's invoice series generated invoices are drafted in: the first active one by code. */
export async function invoiceSeries(trx: Db, tenant: string): Promise<string> {
  const series = await trx
    .selectFrom(tableRef(numberingSeries))
    .select('id')
    .where('tenantId', '=', tenant)
    .where('documentKind', '=', 'invoice')
    .where('active', 'is not', false)
    .orderBy('code')
    .limit(1)
    .executeTakeFirst();
  if (!series)
    throw conflict(
      BILLING_LANG,
      issue('seriesId', 'validation.billing.noInvoiceSeries'),
      'The tenant has no active invoice numbering series to draft the invoice in.',
    );
  return String(series.id);
}

/**
 * A draft invoice made by billing, through the invoices' Records and hooks (customer name, line numbers, VAT
 * checks), then stamped with its origin key: read-only on the wire, written directly in the same transaction.
 * The key is unique, so a concurrent run that got past the source's lock fails here instead of billing twice.
 */
export async function createGeneratedInvoice(trx: Db, actor: Actor, values: Row, originKey: string): Promise<Row> {
  const records = new Records(trx, invoices, invoiceHooks);
  const record = await records.insert(
    actor,
    // Required enums are not defaulted by the engine (a client states them): payment in full unless told.
    { seriesId: await invoiceSeries(trx, actor.tenant), paymentConditions: 'TP02', ...values },
    BILLING_LANG,
  );
  await trx
    .updateTable(INVOICES)
    .set({ originKey })
    .where('tenantId', '=', actor.tenant)
    .where('id', '=', String(record.id))
    .execute();
  return { ...record, originKey };
}
