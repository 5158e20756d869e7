import { defineResource, f, type RecordInput } from '../schema';
import { FREQUENCIES, isComplete, MONTHS, nextOccurrence, todayInItaly, WEEKDAYS, type Recurrence } from './recurrence';
import { endAfterStart } from './rules';

export const PERIODIC_STATUSES = ['draft', 'active', 'suspended', 'closed'] as const;

const dayOrLast = f.integer({ min: -1, max: 31 });
/** A day of the month, or -1 for the last one (RRULE's BYMONTHDAY subset): never 0. */
const monthDay: typeof dayOrLast = {
  ...dayOrLast,
  schema: dayOrLast.schema.refine((n) => n !== 0, { error: 'validation.oneOf', params: { values: '-1, 1–31' } }),
};

const fields = {
  name: f.text({ required: true, max: 120, searchable: true }),
  customerId: f.reference('sales/customers', { required: true }),
  siteId: f.reference('sales/sites', { required: true, narrowBy: { customerId: 'customerId' } }),
  machineIds: f.references('wfm/machines', { max: 100, narrowBy: { siteId: 'siteId' } }),
  contractId: f.reference('ticketing/contracts'),
  // The activity template (docs/domain.md#periodic-plans: a json, OCA fsm.template) as plain fields, so the form edits
  // it like the rest of the plan: what each generated request or activity will say and need.
  templateType: f.enum(
    ['repair', 'maintenance', 'installation', 'leakCheck', 'inspection', 'survey', 'decommissioning'],
    {
      required: true,
      default: 'maintenance',
    },
  ),
  templateTitle: f.text({ required: true, max: 120, searchable: true }),
  templateInstructions: f.longText({ max: 4000 }),
  estimatedMinutes: f.integer({ min: 1, max: 24 * 60 }),
  requiredSkillIds: f.references('wfm/skills', { max: 20, only: { kind: 'skill' } }),
  defaultTechnicianIds: f.references('wfm/technicians', { max: 20 }),
  // The recurrence (docs/domain.md#periodic-plans: an RRULE subset as json) as plain fields too; recurrence.ts reads them.
  freq: f.enum(FREQUENCIES, { required: true, default: 'monthly' }),
  interval: f.integer({ required: true, min: 1, max: 1000, default: 1 }),
  byWeekday: f.enumList(WEEKDAYS),
  byMonthDay: monthDay,
  byMonth: f.enumList(MONTHS),
  startDate: f.date({ required: true }),
  endDate: f.date(),
  maxOccurrences: f.integer({ min: 1, max: 10000 }),
  /** How many days ahead requests or activities are generated (OCA schedule_days). */
  horizonDays: f.integer({ required: true, min: 1, max: 366, default: 30 }),
  /** Window around each occurrence given to the generated request (requestedEarliest / requestedLatest). */
  bufferEarlyDays: f.integer({ min: 0, max: 365 }),
  bufferLateDays: f.integer({ min: 0, max: 365 }),
  generateAs: f.enum(['ticket', 'activity'], { required: true, default: 'ticket' }),
  /**
   * The first occurrence from today on (Italian calendar), from the recurrence, start, end and count;
   * none once the plan is closed. Recomputed on every save.
   */
  nextOccurrence: f.computed(f.date(), (p) => {
    if (p.status === 'closed') return null;
    const rule = p as Partial<Recurrence>;
    if (!isComplete(rule)) return null;
    const today = todayInItaly();
    return nextOccurrence(rule, rule.startDate > today ? rule.startDate : today);
  }),
  /** When the generation job last produced requests or activities for this plan. */
  lastGeneratedAt: f.datetime({ readOnly: true }),
  /** Moved by the lifecycle actions only: draft on creation. */
  status: f.enum(PERIODIC_STATUSES, { readOnly: true, default: 'draft' }),
};

type Periodic = RecordInput<typeof fields>;

/**
 * Recurring maintenance plans (PeriodicTicket, docs/domain.md#periodic-plans). Technicians read the
 * plans they are a default technician of; administrators manage them all.
 */
export default defineResource({
  name: 'ticketing/periodic',
  service: 'ticketing',
  endpoint: 'periodic-tickets',
  table: 'periodic_tickets',
  access: {
    list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'],
    show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'],
    create: ['ROLE_ADMIN'],
    edit: ['ROLE_ADMIN'],
    delete: ['ROLE_ADMIN'],
  },
  recordRepresentation: ['name'],
  fields,
  rules: [endAfterStart<Periodic>('endDate', 'startDate')],
  actions: {
    /** From now on its occurrences are generated (docs/domain.md#periodic-plans). */
    activate: { from: ['draft'], to: 'active', roles: ['ROLE_ADMIN'] },
    suspend: { from: ['active'], to: 'suspended', roles: ['ROLE_ADMIN'] },
    resume: { from: ['suspended'], to: 'active', roles: ['ROLE_ADMIN'] },
    close: { from: ['draft', 'active', 'suspended'], to: 'closed', roles: ['ROLE_ADMIN'] },
  },
  views: {
    list: {
      columns: ['name', 'customerId', 'siteId', 'templateType', 'freq', 'nextOccurrence', 'generateAs', 'status'],
      sort: { field: 'nextOccurrence', order: 'ASC' },
      filters: ['q', 'status', 'customerId', 'templateType', 'freq', 'nextOccurrence', 'defaultTechnicianIds'],
    },
    form: {
      sections: [
        { id: 'plan', fields: ['name', 'customerId', 'siteId', 'machineIds', 'contractId', 'status'] },
        {
          id: 'template',
          fields: [
            'templateType',
            'templateTitle',
            'templateInstructions',
            'estimatedMinutes',
            'requiredSkillIds',
            'defaultTechnicianIds',
          ],
        },
        {
          id: 'recurrence',
          fields: ['freq', 'interval', 'byWeekday', 'byMonthDay', 'byMonth', 'startDate', 'endDate', 'maxOccurrences'],
        },
        {
          id: 'generation',
          fields: [
            'generateAs',
            'horizonDays',
            'bufferEarlyDays',
            'bufferLateDays',
            'nextOccurrence',
            'lastGeneratedAt',
          ],
        },
      ],
    },
  },
});
