import invoices from '../../../../resources/sales/invoices';
import sdiEvents from '../../../../resources/sales/sdi-events';
import { tableRef } from '../../../db/derive';
import { HttpProblem } from '../../../http/errors';
import { translate } from '../../../http/lang';
import { Records, type HookContext, type StoredOf, type ValuesOf } from '../../../records';
import { customerRow, sdiIssues } from '../fatturapa/checks';
import { fatturaDocument } from '../fatturapa/document';
import { customerSnapshotOf } from '../fatturapa/snapshot';
import { taxOnIssue } from '../invoices/tax';
import { sdiServices } from './channel';

type Invoice = StoredOf<typeof invoices>;

interface Prepared {
  xml: string;
  fileName: string;
  progressive: string;
  previous: string | null;
}

/** What `before` made for `after` of the same action run (one hook context per run). */
const prepared = new WeakMap<HookContext, Prepared>();

/**
 * Before `sendToSdi` / `resendToSdi` (docs/domain.md#sdi-round-trip): the invoice row is locked and must still
 * be the version the client read (two sends at once: the second waits, then is refused, so the file goes
 * once); then the XML is built by the download's code with the transmission it has (`sendToSdi`: the
 * progressive of its first download, or a new one) or a new one (`resendToSdi`), keeping number and date.
 */
export async function beforeSend(
  ctx: HookContext,
  stored: Invoice,
  renew: boolean,
): Promise<ValuesOf<typeof invoices>> {
  const row = await ctx.trx
    .selectFrom(tableRef(invoices))
    .select(['version', 'sdiStatus'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', stored.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.version !== stored.version || row.sdiStatus !== stored.sdiStatus)
    throw ctx.conflict(
      ctx.issue('sdiStatus', 'validation.sales.sdiSentMeanwhile'),
      'The invoice was sent (or changed) meanwhile: reload it.',
    );
  // A resend follows a rejection, often for the customer's data: it is sent as the customer now is, and only
  // once the checks before issue pass again (docs/domain.md#checks-before-issue).
  const refreshed = renew ? await resendable(ctx, stored) : {};
  const document = await fatturaDocument(ctx.trx, ctx.actor.tenant, { ...stored, ...refreshed }, ctx.lang, renew);
  prepared.set(ctx, {
    xml: document.xml,
    fileName: document.fileName,
    progressive: document.progressive,
    previous: renew ? (stored.sdiFileName ?? null) : null,
  });
  return { ...refreshed, sdiProgressive: document.progressive, sdiFileName: document.fileName };
}

/**
 * The corrected invoice's customer and tax regime frozen again (as on issue), refused (409) while the SdI would
 * still reject it.
 */
async function resendable(ctx: HookContext, stored: Invoice): Promise<ValuesOf<typeof invoices>> {
  const customer = await customerRow(ctx, stored.customerId);
  const values = {
    ...(await taxOnIssue(ctx, stored)),
    customerSnapshot: customer ? [customerSnapshotOf(customer) as never] : null,
  };
  const rejected = await sdiIssues(ctx, { ...stored, ...values }, customer);
  if (rejected.length > 0)
    throw ctx.conflict(rejected, 'The SdI would reject this invoice again: fix the fields named and resend it.');
  return values;
}

/**
 * After the status moved: the file goes to the transmission channel, the last step of the transaction, so a
 * channel that fails leaves the invoice unsent (502); then the history gets its `send` row.
 */
export async function afterSend(ctx: HookContext, record: Invoice): Promise<void> {
  const sending = prepared.get(ctx);
  if (!sending) throw new Error('afterSend without beforeSend');
  prepared.delete(ctx);
  try {
    await sdiServices().channel.send(ctx.actor.tenant, sending.fileName, sending.xml);
  } catch (error) {
    throw new HttpProblem(
      502,
      `The transmission channel did not take ${sending.fileName}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  await new Records(ctx.trx, sdiEvents).insert(
    ctx.actor,
    {
      invoiceId: record.id,
      kind: 'send',
      fileName: sending.fileName,
      progressive: sending.progressive,
      receivedAt: new Date().toISOString(),
      sdiStatus: 'sent',
      note: sending.previous ? translate('it', 'sdi.resentNote', { previous: sending.previous }) : null,
    },
    ctx.lang,
  );
}

/** A retry of the request that sent the invoice answers it as sent (docs/wire-contract.md#lifecycle-actions). */
export const sentOnce = async (_ctx: HookContext, current: Invoice, _input: unknown, version: number) =>
  current.sdiStatus === 'sent' && current.version === version + 1;
