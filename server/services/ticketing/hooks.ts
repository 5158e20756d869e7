import requestsDef from '../../../resources/ticketing/requests';
import contractsDef from '../../../resources/ticketing/contracts';
import periodicDef from '../../../resources/ticketing/periodic';
import { defineHooks, type ValuesOf, type HookContext, type HookRegistry, type Row } from '../../records';
import { changed, checkMachinesAtSites, checkSitesOfCustomer, findContract, merge, type ContractFacts } from './checks';
import { formatDate } from './dates';
import { activateContract, closeContract, closeRequest, requireNextOccurrence, terminateContract } from './lifecycle';
import { nextDocumentNumber } from './numbering';
import { technicianScope } from './scope';

/**
 * Response times by priority when the request's contract sets none (docs/domain.md#requests: "default latest =
 * openedAt + SLA(priority)"), in hours.
 */
export const DEFAULT_SLA_HOURS: Record<string, number> = { urgent: 4, high: 24, normal: 72, low: 168 };

const HOUR_MS = 3600 * 1000;

/** A contract a request may refer to: active, of the request's customer, covering its site. */
function usableContract(contract: ContractFacts | undefined, record: Row): boolean {
  return (
    contract !== undefined &&
    contract.status === 'active' &&
    contract.customerId === record.customerId &&
    contract.siteIds.includes(record.siteId as string)
  );
}

/** The request's references agree with each other (checked only where something they involve changed). */
async function checkRequest(ctx: HookContext, changes: Row, stored?: Row): Promise<ContractFacts | undefined> {
  const record = merge(stored, changes);
  if (changed(['customerId', 'siteId'], changes, stored)) await checkSitesOfCustomer(ctx, record, 'siteId');
  if (changed(['siteId', 'machineIds'], changes, stored))
    await checkMachinesAtSites(ctx, record.machineIds, [record.siteId as string]);
  let contract: ContractFacts | undefined;
  if (record.contractId && changed(['customerId', 'siteId', 'contractId'], changes, stored)) {
    contract = await findContract(ctx, record.contractId);
    if (!usableContract(contract, record))
      throw ctx.invalid([{ path: 'contractId', key: 'ticketing.errors.contractUsable' }]);
  }
  if (
    record.periodicTicketId &&
    changed(['customerId', 'siteId', 'periodicTicketId', 'occurrenceDate'], changes, stored)
  )
    await checkOccurrence(ctx, record);
  return contract;
}

/**
 * A plan generates one request per occurrence. The plan's row is locked first, so two requests for
 * the same occurrence created at once take turns and the second sees the first.
 */
async function checkOccurrence(ctx: HookContext, record: Row): Promise<void> {
  const plan = (await ctx.trx
    .selectFrom('ticketing.periodicTickets')
    .select(['customerId', 'siteId'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', '=', record.periodicTicketId as string)
    .forUpdate()
    .executeTakeFirst()) as { customerId: string; siteId: string } | undefined;
  if (!plan || plan.customerId !== record.customerId || plan.siteId !== record.siteId)
    throw ctx.invalid([{ path: 'periodicTicketId', key: 'ticketing.errors.periodicOfCustomer' }]);
  const taken = await ctx.trx
    .selectFrom('ticketing.requests')
    .select('id')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('periodicTicketId', '=', record.periodicTicketId as string)
    .where('occurrenceDate', '=', record.occurrenceDate as string)
    .$if(typeof record.id === 'string', (qb) => qb.where('id', '<>', record.id as string))
    .executeTakeFirst();
  if (taken)
    throw ctx.conflict(
      {
        path: 'occurrenceDate',
        key: 'ticketing.errors.occurrenceTaken',
      },
      'The periodic plan already has a request for this occurrence date.',
    );
}

const requests = defineHooks(requestsDef, {
  async beforeCreate(ctx, values) {
    const contract = await checkRequest(ctx, values);
    const out: Row = { ...values };
    const openedAt = typeof out.openedAt === 'string' ? out.openedAt : new Date().toISOString();
    out.openedAt = openedAt;
    if (!out.requestedLatest) {
      const hours = contract?.slaResponseHours ?? DEFAULT_SLA_HOURS[out.priority as string];
      const latest = new Date(Date.parse(openedAt) + hours * HOUR_MS).toISOString();
      // A default must not contradict what the user asked for.
      if (hours && (!out.requestedEarliest || latest >= (out.requestedEarliest as string)))
        out.requestedLatest = latest;
    }
    out.number = await nextDocumentNumber(ctx, 'ticket');
    return out;
  },
  async beforeUpdate(ctx, changes, stored) {
    if ('openedAt' in changes && changes.openedAt === null)
      throw ctx.invalid([{ path: 'openedAt', key: 'validation.required' }]);
    await checkRequest(ctx, changes, stored);
  },
  actions: { close: { after: closeRequest } },
});

type Reminders = ValuesOf<typeof contractsDef>['reminders'];

/** Reminder lines keep `sentAt` (which clients never write) while they are the same reminder. */
function keepSentAt(lines: unknown, storedLines: unknown): Reminders {
  if (!Array.isArray(lines)) return null;
  const before = new Map(
    (Array.isArray(storedLines) ? (storedLines as Row[]) : []).map((line) => [line.id as string, line]),
  );
  return (lines as Row[]).map((line) => {
    const old = typeof line.id === 'string' ? before.get(line.id) : undefined;
    // Moving a reminder to another day makes it due again.
    const sentAt = old && old.remindAt === line.remindAt ? (old.sentAt ?? null) : null;
    return { ...line, sentAt };
  }) as Reminders;
}

const contracts = defineHooks(contractsDef, {
  async beforeCreate(ctx, values) {
    await checkSitesOfCustomer(ctx, values, 'siteIds');
    await checkMachinesAtSites(ctx, values.machineIds, values.siteIds as string[]);
    return {
      ...values,
      reminders: keepSentAt(values.reminders, []),
      number: await nextDocumentNumber(ctx, 'contract'),
    };
  },
  async beforeUpdate(ctx, changes, stored) {
    const record = merge(stored, changes);
    if (changed(['customerId', 'siteIds'], changes, stored)) await checkSitesOfCustomer(ctx, record, 'siteIds');
    if (changed(['siteIds', 'machineIds'], changes, stored))
      await checkMachinesAtSites(ctx, record.machineIds, record.siteIds as string[]);
    if (!('reminders' in changes)) return changes;
    return { ...changes, reminders: keepSentAt(changes.reminders, stored.reminders) };
  },
  actions: {
    activate: { after: activateContract },
    terminate: { after: terminateContract },
    close: { after: closeContract },
  },
});

/** A plan's contract is the customer's, covers the plan's site, and the plan lies within its period. */
async function checkPlan(ctx: HookContext, changes: Row, stored?: Row): Promise<void> {
  const record = merge(stored, changes);
  if (changed(['customerId', 'siteId'], changes, stored)) await checkSitesOfCustomer(ctx, record, 'siteId');
  if (changed(['siteId', 'machineIds'], changes, stored))
    await checkMachinesAtSites(ctx, record.machineIds, [record.siteId as string]);
  if (!record.contractId || !changed(['customerId', 'siteId', 'contractId', 'startDate', 'endDate'], changes, stored))
    return;
  const contract = await findContract(ctx, record.contractId);
  if (!contract || contract.customerId !== record.customerId || !contract.siteIds.includes(record.siteId as string))
    throw ctx.invalid([{ path: 'contractId', key: 'ticketing.errors.contractOfCustomer' }]);
  const params = { start: formatDate(ctx.lang, contract.startDate), end: formatDate(ctx.lang, contract.endDate) };
  const start = record.startDate as string;
  const end = record.endDate as string | null;
  const issues = [];
  if (start < contract.startDate || start > contract.endDate)
    issues.push({ path: 'startDate', key: 'ticketing.errors.withinContract', params });
  if (end && end > contract.endDate) issues.push({ path: 'endDate', key: 'ticketing.errors.withinContract', params });
  if (issues.length > 0) throw ctx.invalid(issues);
}

const periodic = defineHooks(periodicDef, {
  scope: technicianScope,
  async beforeCreate(ctx, values) {
    await checkPlan(ctx, values);
  },
  async beforeUpdate(ctx, changes, stored) {
    await checkPlan(ctx, changes, stored);
  },
  actions: { activate: { after: requireNextOccurrence }, resume: { after: requireNextOccurrence } },
});

/** The ticketing service's resource hooks, wired into its generic CRUD routes by app.ts. */
export const ticketingHooks: HookRegistry = {
  'ticketing/requests': requests,
  'ticketing/contracts': contracts,
  'ticketing/periodic': periodic,
};
