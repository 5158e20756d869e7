import invoices from '../../../../resources/sales/invoices';
import { defineHooks, type HookContext, type ResourceHooks, type Row, type StoredOf } from '../../../records';
import { documentBase } from '../documents';
import { releaseBilledActivities } from './billed-activities';
import { forgetCreditNote, makeCreditNote, relatedInvoiceIssues } from './credit-notes';
import { invoicedCustomer } from './customer-name';
import { afterIssue, beforeIssue } from './issue';
import { afterCorrection, checkCorrection, isCorrection } from '../sdi/correction';
import { afterSend, beforeSend, sentOnce } from '../sdi/send';
import { taxOnCreate, taxOnIssue, taxOnUpdate } from './tax';

const base = documentBase(invoices);

/** A draft keeps its customer's printed name in step, so its title reads "… · Rossi S.r.l.". */
async function withCustomerName(ctx: HookContext, values: Row): Promise<Row> {
  const customer = await invoicedCustomer(ctx, values.customerId);
  return customer ? { ...values, customerName: customer.name } : values;
}

/** A retry of the request that ran the action answers the record it wrote (docs/wire-contract.md#lifecycle-actions). */
const ranOnce =
  (status: string) => async (_ctx: HookContext, current: StoredOf<typeof invoices>, _input: unknown, version: number) =>
    current.status === status && current.version === version + 1;

/** The invoice's behaviour (docs/domain.md#invoices): the shared document checks and its lifecycle. */
export const invoiceHooks: ResourceHooks = defineHooks(invoices, {
  async beforeCreate(ctx, values) {
    const out = await taxOnCreate(ctx, await base.beforeCreate(ctx, await withCustomerName(ctx, values)));
    ctx.refuse(await relatedInvoiceIssues(ctx, out));
    return out;
  },
  // Only drafts and rejected invoices reach these: the engine refuses the others (the definition's editableWhile).
  async beforeUpdate(ctx, changes, stored) {
    if (isCorrection(stored)) await checkCorrection(ctx, changes, stored);
    const named = await withCustomerName(ctx, { customerId: stored.customerId, ...changes });
    const out = await taxOnUpdate(ctx, await base.beforeUpdate(ctx, named, stored), stored);
    if ('relatedInvoiceIds' in changes || 'customerId' in changes)
      ctx.refuse(await relatedInvoiceIssues(ctx, { ...stored, ...out }));
    return out;
  },
  async afterUpdate(ctx, record, previous) {
    if (isCorrection(previous)) await afterCorrection(ctx, record, previous);
  },
  async beforeDelete(ctx, stored) {
    await forgetCreditNote(ctx, stored);
  },
  actions: {
    issue: {
      // The tax snapshot first: the due dates beforeIssue computes are for the amount payable it gives.
      async before(ctx, stored) {
        const tax = await taxOnIssue(ctx, stored);
        return { ...tax, ...(await beforeIssue(ctx, { ...stored, ...tax })) };
      },
      after: (ctx, record) => afterIssue(ctx, record),
      replay: ranOnce('issued'),
    },
    cancel: {
      after: (ctx, record) => releaseBilledActivities(ctx, record.id),
      replay: ranOnce('cancelled'),
    },
    creditNote: {
      async before(ctx, stored) {
        if (stored.documentType === 'TD04')
          throw ctx.conflict(
            ctx.issue('documentType', 'validation.sales.creditNoteOfCreditNote'),
            'A credit note is not corrected by another credit note.',
          );
        const id = await makeCreditNote(ctx, invoiceHooks, stored);
        return { creditNoteIds: [...(stored.creditNoteIds ?? []), id] };
      },
      replay: async (_ctx, current, _input, version) =>
        current.version === version + 1 && (current.creditNoteIds ?? []).length > 0,
    },
    // The SdI round trip (docs/domain.md#sdi-round-trip): the file goes through the transmission channel.
    sendToSdi: {
      before: (ctx, stored) => beforeSend(ctx, stored, false),
      after: (ctx, record) => afterSend(ctx, record),
      replay: sentOnce,
    },
    resendToSdi: {
      before: (ctx, stored) => beforeSend(ctx, stored, true),
      after: (ctx, record) => afterSend(ctx, record),
      replay: sentOnce,
    },
  },
});
