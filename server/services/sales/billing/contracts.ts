import { sql } from 'kysely';
import contracts from '../../../../resources/ticketing/contracts';
import type { ContractBillingResult } from '../../../../resources/sales/billing';
import {
  billingDateOf,
  feeAmount,
  nextBillingDate,
  nextFeePeriod,
  type FeePeriod,
} from '../../../../resources/ticketing/contract-billing';
import { todayInItaly } from '../../../../resources/ticketing/recurrence';
import { tableRef } from '../../../db/derive';
import { formatDate } from '../../../documents/pdf';
import type { Db } from '../../../db/tables';
import { withTenant } from '../../../db/tenancy';
import { HttpProblem } from '../../../http/errors';
import type { JobDefinition } from '../../../jobs/runner';
import type { Actor, Row } from '../../../records';
import { createGeneratedInvoice, invoiceOfOrigin } from './invoices';
import { lineVat } from '../prices/vat';
import { customerOf } from './pricing';

const CONTRACTS = tableRef(contracts);

/** The origin key of a contract's fee invoice for one period: a period is invoiced once. */
export const contractKey = (contractId: string, periodStart: string) => `contract:${contractId}:${periodStart}`;

/** "Canone CTR/2026/0007 01/01/2026–31/03/2026": the fee line's text. */
const feeDescription = (contract: Row, period: FeePeriod) =>
  `Canone ${String(contract.number ?? '')} ${formatDate(period.start)}–${formatDate(period.end)}`;

type Created = ContractBillingResult['created'][number];

/**
 * A contract's fees due by `today` (docs/domain.md#contract-fees), in the caller's transaction: the contract's row is
 * locked and read again under the lock, so a second run waits and then finds the periods already billed; each
 * period's unique origin key is the backstop. Missed periods are caught up, oldest first.
 */
export async function billContract(trx: Db, actor: Actor, contractId: string, today: string): Promise<Created[]> {
  const tenant = actor.tenant;
  const contract = (await trx
    .selectFrom(CONTRACTS)
    .selectAll()
    .where('tenantId', '=', tenant)
    .where('id', '=', contractId)
    .forUpdate()
    .executeTakeFirst()) as Row | undefined;
  if (!contract || contract.status !== 'active') return [];
  const created: Created[] = [];
  let state: Row = contract;
  for (
    let period = nextFeePeriod(state);
    period && billingDateOf(state, period) <= today;
    period = nextFeePeriod(state)
  ) {
    const key = contractKey(contractId, period.start);
    if (!(await invoiceOfOrigin(trx, tenant, key))) {
      const customer = (await customerOf(trx, tenant, String(contract.customerId))) ?? {};
      const invoice = await createGeneratedInvoice(
        trx,
        actor,
        {
          documentType: 'TD01',
          date: today,
          customerId: contract.customerId,
          contractId,
          periodStart: period.start,
          periodEnd: period.end,
          lines: [
            {
              description: feeDescription(contract, period),
              quantity: '1',
              unitPrice: feeAmount(state, period),
              ...(await lineVat(trx, tenant, customer)),
            },
          ],
          paymentTermId: customer.paymentTermId ?? null,
          paymentMethod: customer.paymentMethod ?? null,
        },
        key,
      );
      created.push({ invoiceId: String(invoice.id), contractId, periodStart: period.start, periodEnd: period.end });
    }
    state = { ...state, lastBilledUntil: period.end };
  }
  if (state !== contract)
    await trx
      .updateTable(CONTRACTS)
      .set({
        lastBilledUntil: state.lastBilledUntil as string,
        nextBillingDate: nextBillingDate(state),
        updatedAt: new Date().toISOString(),
        updatedBy: actor.username,
        version: sql`version + 1`,
      })
      .where('tenantId', '=', tenant)
      .where('id', '=', contractId)
      .execute();
  return created;
}

/**
 * Every active contract of a tenant with a fee to bill (`POST /sales/api/billing/contracts` and the daily job), each
 * contract in a transaction of its own: one refused (a customer's VAT rate archived…) is reported, the others go on.
 */
export async function billContracts(db: Db, actor: Actor, now: Date): Promise<ContractBillingResult> {
  const today = todayInItaly(now);
  const due = await withTenant(db, actor.tenant, (trx) =>
    trx
      .selectFrom(CONTRACTS)
      .select('id')
      .where('tenantId', '=', actor.tenant)
      .where('status', '=', 'active')
      .where('amount', 'is not', null)
      .where('billingFrequency', 'is not', null)
      .orderBy('id')
      .execute(),
  );
  const result: ContractBillingResult = { created: [], skipped: [] };
  for (const { id } of due) {
    try {
      result.created.push(
        ...(await withTenant(db, actor.tenant, (trx) => billContract(trx, actor, String(id), today))),
      );
    } catch (error) {
      if (!(error instanceof HttpProblem) || error.status >= 500) {
        if ((error as { code?: string } | null)?.code !== '23505') throw error;
        // A concurrent run made this period's invoice first: nothing is missing.
        continue;
      }
      result.skipped.push({ contractId: String(id), detail: error.message });
    }
  }
  return result;
}

/** The daily run over every tenant, before the office opens. */
export const contractBillingJob: JobDefinition = {
  name: 'contract-billing',
  schedule: { dailyAt: '05:45', timeZone: 'Europe/Rome' },
  async run({ db, log, now }) {
    const tenants = await db.selectFrom('oauth2.tenants').select('id').orderBy('id').execute();
    for (const { id } of tenants) {
      const outcome = await billContracts(db as Db, { tenant: id, username: 'system' }, now);
      if (outcome.skipped.length > 0)
        log.warn({ tenant: id, skipped: outcome.skipped }, 'contract-billing: contracts skipped');
      log.info({ tenant: id, created: outcome.created.length }, 'contract-billing: fee invoices drafted');
    }
  },
};
