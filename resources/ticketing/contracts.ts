import { defineResource, f, requiredWhen, type RecordInput } from '../schema';
import { nextBillingDate } from './contract-billing';
import { addDays, isCalendarDate } from './recurrence';
import { endAfterStart, requiredInStatus } from './rules';

export const CONTRACT_STATUSES = ['draft', 'active', 'expired', 'terminated', 'closed'] as const;
export const REMINDER_KINDS = ['expiry', 'noticeDeadline', 'billing', 'visitDue', 'custom'] as const;

/**
 * ContractReminder (docs/domain.md#contracts-and-reminders), kept as lines of its contract: the daily
 * `contract-reminders` job notifies the administrators of each due one and stamps `sentAt`, which
 * clients never write (the service keeps it across edits of the same reminder).
 */
const reminderFields = {
  kind: f.enum(REMINDER_KINDS, { required: true }),
  remindAt: f.date({ required: true }),
  /** Who should act on it, as free text (names or e-mail addresses); administrators are always notified. */
  recipients: f.text({ max: 500 }),
  message: f.longText({ max: 500 }),
  sentAt: f.datetime({ readOnly: true }),
};

const fields = {
  /** "CTR/2026/0007": assigned by the service on create. */
  number: f.text({ readOnly: true, max: 20, unique: true, searchable: true, filter: ['eq', 'contains', 'startsWith'] }),
  customerId: f.reference('sales/customers', { required: true }),
  siteIds: f.references('sales/sites', { required: true, max: 200, narrowBy: { customerId: 'customerId' } }),
  machineIds: f.references('wfm/machines', { max: 500 }),
  type: f.enum(['scheduledMaintenance', 'fullService', 'onCall', 'warrantyExtension', 'rental'], {
    required: true,
    default: 'scheduledMaintenance',
  }),
  startDate: f.date({ required: true }),
  endDate: f.date({ required: true }),
  autoRenew: f.boolean({ default: false }),
  renewalMonths: f.integer({ min: 1, max: 120 }),
  /** Days of notice for cancellation (disdetta) before the end date. */
  noticeDays: f.integer({ min: 0, max: 3650 }),
  noticeDeadline: f.computed(f.date(), (c) =>
    isCalendarDate(c.endDate) && typeof c.noticeDays === 'number' && Number.isInteger(c.noticeDays)
      ? addDays(c.endDate, -c.noticeDays)
      : null,
  ),
  amount: f.money({ min: 0 }),
  amountBasis: f.enum(['perPeriod', 'total']),
  billingFrequency: f.enum(['monthly', 'quarterly', 'semiannual', 'annual', 'oneOff']),
  billingMode: f.enum(['prepaid', 'postpaid']),
  /** The end of the last fee period invoiced by the `contract-billing` job (docs/domain.md#contract-fees). */
  lastBilledUntil: f.date({ readOnly: true }),
  /** When the next fee is invoiced: the next period's first day (prepaid) or the day after its last (postpaid). */
  nextBillingDate: f.computed(f.date(), (c) => nextBillingDate(c)),
  includedVisitsPerYear: f.integer({ min: 0, max: 366 }),
  // Coverage (docs/domain.md#contracts-and-reminders: a json of five flags) as plain checkboxes: each decides whether that part
  // of an intervention is billable or included.
  coverageLabour: f.boolean({ default: false }),
  coverageMaterials: f.boolean({ default: false }),
  coverageCallOutFee: f.boolean({ default: false }),
  coverageRefrigerant: f.boolean({ default: false }),
  coverageTravel: f.boolean({ default: false }),
  slaResponseHours: f.integer({ min: 1, max: 8760 }),
  reminders: f.lines(reminderFields, { max: 50 }),
  /** Moved by the lifecycle actions only: draft on creation. */
  status: f.enum(CONTRACT_STATUSES, { readOnly: true, default: 'draft' }),
  terminationReason: f.longText({ max: 1000 }),
  /** The day the termination takes effect (terminate action). */
  terminatedAt: f.date(),
  /** Stamped when the contract is closed, kept while it stays so. */
  closedAt: f.computed(f.datetime(), (c) => (c.status === 'closed' ? (c.closedAt ?? new Date().toISOString()) : null)),
  /** The signed contract (PDF) and its annexes. */
  attachments: f.attachments({ accept: ['application/pdf', 'image/*'] }),
};

type Contract = RecordInput<typeof fields>;

/** Maintenance and service contracts with their reminders (docs/domain.md#contracts-and-reminders). */
export default defineResource({
  name: 'ticketing/contracts',
  service: 'ticketing',
  endpoint: 'contracts',
  table: 'contracts',
  recordRepresentation: ['number'],
  fields,
  rules: [
    endAfterStart<Contract>('endDate', 'startDate'),
    requiredWhen<Contract>('renewalMonths', (c) => c.autoRenew === true),
    requiredInStatus<Contract>('terminationReason', ['terminated']),
    requiredInStatus<Contract>('terminatedAt', ['terminated']),
  ],
  actions: {
    /** Signed: the contract's dates and sites are checked again by the service. */
    activate: { from: ['draft'], to: 'active', roles: ['ROLE_ADMIN'] },
    /** Cancelled (disdetta) from a day on, not in the past; its active periodic plans are suspended. */
    terminate: {
      from: ['active'],
      to: 'terminated',
      roles: ['ROLE_ADMIN'],
      input: {
        terminationReason: f.longText({ required: true, max: 1000 }),
        terminatedAt: f.date({ required: true }),
      },
    },
    /** Archived once over, when none of its periodic plans is still open. */
    close: { from: ['expired', 'terminated'], to: 'closed', roles: ['ROLE_ADMIN'] },
  },
  views: {
    list: {
      columns: ['number', 'customerId', 'type', 'startDate', 'endDate', 'noticeDeadline', 'amount', 'status'],
      sort: { field: 'endDate', order: 'ASC' },
      filters: ['q', 'status', 'type', 'customerId', 'endDate', 'autoRenew'],
    },
    form: {
      sections: [
        { id: 'main', fields: ['number', 'customerId', 'siteIds', 'machineIds', 'type', 'status'] },
        {
          id: 'period',
          fields: ['startDate', 'endDate', 'autoRenew', 'renewalMonths', 'noticeDays', 'noticeDeadline'],
        },
        {
          id: 'billing',
          fields: [
            'amount',
            'amountBasis',
            'billingFrequency',
            'billingMode',
            'nextBillingDate',
            'lastBilledUntil',
            'includedVisitsPerYear',
            'slaResponseHours',
          ],
        },
        {
          id: 'coverage',
          fields: [
            'coverageLabour',
            'coverageMaterials',
            'coverageCallOutFee',
            'coverageRefrigerant',
            'coverageTravel',
          ],
        },
        { id: 'reminders', fields: ['reminders'] },
        { id: 'closing', fields: ['terminationReason', 'terminatedAt', 'closedAt', 'attachments'] },
      ],
    },
  },
});
