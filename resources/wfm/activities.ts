import { decimal, defineResource, f, type RecordInput, type Rule } from '../schema';
import { UNITS } from '../wh/shared';
import { activityRules } from './activity-rules';
import { kilograms } from './shared';

export const ACTIVITY_TYPES = [
  'repair',
  'maintenance',
  'installation',
  'leakCheck',
  'inspection',
  'survey',
  'decommissioning',
] as const;
export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const PLAN_STATES = ['draft', 'published'] as const;
/** Soft planning conflicts that an explicit, recorded reason lets stand (docs/domain.md#planning-checks). */
export const PLANNING_OVERRIDES = ['outsideWorkingHours'] as const;
export const ACTIVITY_ORIGINS = ['manual', 'periodic', 'leakCheck', 'contract'] as const;
export const BILLING_MODES = ['chargeable', 'contract', 'warranty', 'internal', 'goodwill'] as const;
export const GAS_ORIGINS = ['virgin', 'recycled', 'reclaimed'] as const;
/** The technician's clock on the job (docs/domain.md#time-tracking); moved only by the time actions. */
export const WORK_STATES = ['notStarted', 'running', 'paused', 'stopped'] as const;
/** docs/domain.md#activities; changed only by the lifecycle actions below. */
export const ACTIVITY_STATUSES = [
  'assigned',
  'completed',
  'approved',
  'approvedNotBilled',
  'billed',
  'closed',
  'cancelled',
] as const;

const TECHNICIAN_OR_ADMIN = ['ROLE_ADMIN', 'ROLE_TECHNICIAN'] as const;
const ADMIN = ['ROLE_ADMIN'] as const;

const fields = {
  /** "INT/2026/00001": from the activity numbering series when the activity is created. */
  number: f.text({ readOnly: true, max: 20, unique: true, searchable: true }),
  customerId: f.reference('sales/customers', { required: true }),
  siteId: f.reference('sales/sites', { required: true, narrowBy: { customerId: 'customerId' } }),
  machineIds: f.references('wfm/machines', { max: 50, narrowBy: { siteId: 'siteId' } }),
  ticketId: f.reference('ticketing/requests'),
  periodicTicketId: f.reference('ticketing/periodic'),
  contractId: f.reference('ticketing/contracts'),
  quoteId: f.reference('sales/quotes'),
  type: f.enum(ACTIVITY_TYPES, { required: true, default: 'maintenance' }),
  title: f.text({ required: true, max: 120, searchable: true }),
  instructions: f.longText({ max: 4000 }),
  priority: f.enum(PRIORITIES, { required: true, default: 'normal' }),
  requiredSkillIds: f.references('wfm/skills', { max: 20, only: { kind: 'skill' } }),
  tagIds: f.references('wfm/skills', { max: 20, only: { kind: 'tag' } }),
  /** Required once the activity has a slot (activity rules): unassigned work waits in the planner's queue. */
  technicianIds: f.references('wfm/technicians', { max: 10 }),
  /** Required with more than one technician, and one of them. */
  leadTechnicianId: f.reference('wfm/technicians'),
  scheduledStart: f.datetime(),
  scheduledEnd: f.datetime(),
  /** How long the work takes: the slot it gets when the planner drops it on the calendar. */
  estimatedMinutes: f.integer({ min: 15, max: 24 * 60 }),
  /**
   * Draft until the planner's "confirm sending" publishes it (docs/domain.md#planner); a change of slot, team or
   * site after that makes it a draft again, with `publicationWarning`, until it is sent again.
   */
  planState: f.enum(PLAN_STATES, { readOnly: true, default: 'draft' }),
  publishedAt: f.datetime({ readOnly: true }),
  publishedBy: f.text({ readOnly: true, max: 80 }),
  /** Changed since it was last sent: the next sending tells the technicians (old and new). */
  publicationWarning: f.boolean({ readOnly: true, default: false }),
  // What the technicians were last sent: the confirm-sending modal compares against it (moved, reassigned).
  publishedTechnicianIds: f.references('wfm/technicians', { readOnly: true, max: 10 }),
  publishedStart: f.datetime({ readOnly: true }),
  publishedEnd: f.datetime({ readOnly: true }),
  /**
   * Why the slot stands although it is outside the technicians' working hours: given with the change that
   * needs it (a soft planning conflict, docs/domain.md#planning-checks), recorded in `planningOverrides`.
   */
  overrideReason: f.longText({ max: 500 }),
  planningOverrides: f.lines(
    {
      kind: f.enum(PLANNING_OVERRIDES, { required: true }),
      technicianId: f.reference('wfm/technicians'),
      scheduledStart: f.datetime(),
      scheduledEnd: f.datetime(),
      reason: f.longText({ required: true, max: 500 }),
      by: f.text({ max: 80 }),
      at: f.datetime(),
    },
    { readOnly: true, max: 200 },
  ),
  /** Where the work came from: made by hand, or generated (docs/domain.md#generated-work). */
  origin: f.enum(ACTIVITY_ORIGINS, { readOnly: true, default: 'manual' }),
  /** The day a generated activity is due (the plan's occurrence, the machine's leak check, the contract's visit). */
  occurrenceDate: f.date({ readOnly: true }),
  /** One generated activity per plan and date, machine and due date, contract site and date: `periodic:<plan>:<date>`. */
  originKey: f.text({ readOnly: true, max: 160, unique: true, filter: ['eq'] }),
  actualStart: f.datetime(),
  actualEnd: f.datetime(),
  checklist: f.lines(
    {
      description: f.text({ required: true, max: 200 }),
      required: f.boolean({ default: false }),
      done: f.boolean({ default: false }),
    },
    { max: 100 },
  ),
  materials: f.lines(
    {
      itemId: f.reference('wh/items'),
      productId: f.reference('sales/products'),
      description: f.text({ max: 200 }),
      quantity: f.quantity({ required: true, min: '0.001' }),
      // An item line takes the item's unit (wfm hooks); any other line must state one (activity rules).
      uom: f.enum(UNITS, { default: 'pz' }),
      sourceWarehouseId: f.reference('wh/warehouses'),
      lotNumber: f.text({ max: 40 }),
      unitPrice: f.unitPrice(),
      discountPercent: f.percent(),
      billable: f.boolean({ default: true }),
      lineTotal: f.computed(f.money(), (l) => decimal.lineAmount(l.quantity, l.unitPrice, l.discountPercent)),
    },
    {
      max: 200,
      totals: (lines) => ({ total: decimal.sumOf(lines, 'lineTotal') }),
      // A picked item or product prices the line for the customer on the planned day (docs/spa.md#lines-filled-from-the-product).
      fill: {
        product: 'productId',
        item: 'itemId',
        quantity: 'quantity',
        customer: 'customerId',
        date: 'scheduledStart',
        into: {
          productId: 'productId',
          description: 'description',
          uom: 'uom',
          unitPrice: 'unitPrice',
          discountPercent: 'discountPercent',
        },
      },
    },
  ),
  materialsTotal: f.computed(f.money(), (r) => decimal.sumOf(r.materials, 'lineTotal')),
  fgasMaterials: f.lines(
    {
      machineId: f.reference('wfm/machines', { required: true }),
      refrigerantId: f.reference('wfm/refrigerants', { required: true }),
      cylinderItemId: f.reference('wh/items'),
      cylinderLot: f.text({ max: 40 }),
      quantityAddedKg: kilograms({ default: '0.000' }),
      quantityRecoveredKg: kilograms({ default: '0.000' }),
      recoveryCylinderLot: f.text({ max: 40 }),
      addedGasOrigin: f.enum(GAS_ORIGINS),
      /** Who handled the gas (one of the team); the acting technician when blank. */
      technicianId: f.reference('wfm/technicians'),
    },
    {
      max: 50,
      totals: (lines) => ({
        added: decimal.sumOf(lines, 'quantityAddedKg', 3),
        recovered: decimal.sumOf(lines, 'quantityRecoveredKg', 3),
      }),
    },
  ),
  attachments: f.attachments(),
  resolution: f.longText({ max: 4000 }),
  /** What the technician notes on the job (not the outcome: that is `resolution`). */
  notes: f.longText({ max: 4000 }),
  workState: f.enum(WORK_STATES, { readOnly: true, default: 'notStarted' }),
  /** Written by the time actions: one line per stretch of work, open (no end) while the clock runs. */
  timeEntries: f.lines(
    {
      technicianId: f.reference('wfm/technicians', { required: true }),
      start: f.datetime({ required: true }),
      end: f.datetime(),
    },
    { readOnly: true, max: 500 },
  ),
  workedMinutes: f.computed(f.integer(), (r) => workedMinutes(r.timeEntries)),
  billingMode: f.enum(BILLING_MODES, { required: true, default: 'chargeable' }),
  // Set by billing (later issues).
  proformaId: f.reference('sales/proformas', { readOnly: true }),
  invoiceId: f.reference('sales/invoices', { readOnly: true }),
  /** An invoice issued outside the product that bills the activity (the `markBilled` action). */
  externalInvoiceRef: f.text({ readOnly: true, max: 40 }),
  status: f.enum(ACTIVITY_STATUSES, { readOnly: true, default: 'assigned' }),
  // Audit of the lifecycle, written by the actions.
  completedAt: f.datetime({ readOnly: true }),
  completedBy: f.text({ readOnly: true, max: 80 }),
  approvedAt: f.datetime({ readOnly: true }),
  approvedBy: f.text({ readOnly: true, max: 80 }),
  billedAt: f.datetime({ readOnly: true }),
  closedAt: f.datetime({ readOnly: true }),
  cancelledAt: f.datetime({ readOnly: true }),
  cancelledBy: f.text({ readOnly: true, max: 80 }),
  cancelReason: f.longText({ readOnly: true, max: 1000 }),
  rejectionReason: f.longText({ readOnly: true, max: 1000 }),
  notBillableReason: f.longText({ readOnly: true, max: 1000 }),
};

export type Activity = RecordInput<typeof fields>;

/** Whole minutes of the closed time entries (an open one counts once it is closed). */
function workedMinutes(entries: unknown): number {
  if (!Array.isArray(entries)) return 0;
  const ms = (entries as { start?: unknown; end?: unknown }[]).reduce((sum, entry) => {
    if (typeof entry.start !== 'string' || typeof entry.end !== 'string') return sum;
    return sum + Math.max(0, Date.parse(entry.end) - Date.parse(entry.start));
  }, 0);
  return Math.floor(ms / 60_000);
}

const reason = () => f.longText({ required: true, max: 1000 });

/**
 * A work order (intervento, docs/domain.md#activities): where, on which machines, by whom and when, what was used
 * and how it ended. Technicians read only the activities assigned to them (the wfm scope hook) and
 * complete them; everything else is the office's.
 */
export default defineResource({
  name: 'wfm/activities',
  service: 'wfm',
  endpoint: 'activities',
  table: 'activities',
  // Technicians edit their own assigned job, within the fields the wfm hooks let them (docs/domain.md#technician-edits).
  access: { list: TECHNICIAN_OR_ADMIN, show: TECHNICIAN_OR_ADMIN, edit: TECHNICIAN_OR_ADMIN },
  recordRepresentation: ['number', 'title'],
  fields,
  rules: activityRules as readonly Rule<Activity>[],
  actions: {
    complete: {
      from: ['assigned'],
      to: 'completed',
      roles: TECHNICIAN_OR_ADMIN,
      input: {
        actualStart: f.datetime({ required: true }),
        actualEnd: f.datetime({ required: true }),
        resolution: f.longText({ required: true, max: 4000 }),
      },
      stamps: { completedAt: 'now', completedBy: 'actor' },
    },
    requestChanges: {
      from: ['completed'],
      to: 'assigned',
      roles: ADMIN,
      input: { rejectionReason: reason() },
      stamps: { completedAt: null, completedBy: null },
    },
    approve: {
      from: ['completed'],
      to: 'approved',
      roles: ADMIN,
      stamps: { approvedAt: 'now', approvedBy: 'actor', rejectionReason: null },
    },
    markNotBillable: {
      from: ['approved'],
      to: 'approvedNotBilled',
      roles: ADMIN,
      // Required unless the billing mode already says why (contract, warranty ...): checked by the wfm hooks.
      input: { notBillableReason: f.longText({ max: 1000 }) },
    },
    // Billing by an invoice issued elsewhere; the product's own invoices will bill activities themselves.
    markBilled: {
      from: ['approved'],
      to: 'billed',
      roles: ADMIN,
      input: { externalInvoiceRef: f.text({ required: true, max: 40 }) },
      stamps: { billedAt: 'now' },
    },
    undoNotBillable: {
      from: ['approvedNotBilled'],
      to: 'approved',
      roles: ADMIN,
      stamps: { notBillableReason: null },
    },
    close: { from: ['approvedNotBilled', 'billed'], to: 'closed', roles: ADMIN, stamps: { closedAt: 'now' } },
    cancel: {
      from: ['assigned', 'completed', 'approved'],
      to: 'cancelled',
      roles: ADMIN,
      input: { cancelReason: reason() },
      stamps: { cancelledAt: 'now', cancelledBy: 'actor' },
    },
    // The technician's clock (docs/domain.md#time-tracking): only while the activity is assigned (wfm hooks).
    startWork: {
      field: 'workState',
      from: ['notStarted', 'paused', 'stopped'],
      to: 'running',
      roles: TECHNICIAN_OR_ADMIN,
    },
    pauseWork: { field: 'workState', from: ['running'], to: 'paused', roles: TECHNICIAN_OR_ADMIN },
    stopWork: { field: 'workState', from: ['running', 'paused'], to: 'stopped', roles: TECHNICIAN_OR_ADMIN },
  },
  views: {
    list: {
      columns: [
        'number',
        'title',
        'customerId',
        'siteId',
        'type',
        'priority',
        'technicianIds',
        'scheduledStart',
        'status',
      ],
      sort: { field: 'scheduledStart', order: 'DESC' },
      filters: [
        'q',
        'status',
        'type',
        'priority',
        'customerId',
        'siteId',
        'technicianIds',
        'scheduledStart',
        'planState',
        'origin',
      ],
    },
    form: {
      sections: [
        { id: 'activity', fields: ['number', 'status', 'type', 'title', 'priority', 'billingMode', 'instructions'] },
        {
          id: 'where',
          fields: [
            'customerId',
            'siteId',
            'machineIds',
            'ticketId',
            'periodicTicketId',
            'contractId',
            'quoteId',
            'origin',
            'occurrenceDate',
          ],
        },
        {
          id: 'planning',
          fields: [
            'technicianIds',
            'leadTechnicianId',
            'requiredSkillIds',
            'tagIds',
            'scheduledStart',
            'scheduledEnd',
            'estimatedMinutes',
            'overrideReason',
            'planState',
            'publicationWarning',
            'publishedAt',
            'publishedBy',
            'planningOverrides',
          ],
        },
        {
          id: 'execution',
          fields: [
            'workState',
            'actualStart',
            'actualEnd',
            'checklist',
            'notes',
            'resolution',
            'attachments',
            'timeEntries',
            'workedMinutes',
          ],
        },
        { id: 'materials', fields: ['materials', 'materialsTotal'] },
        { id: 'fgas', fields: ['fgasMaterials'] },
        {
          id: 'lifecycle',
          fields: [
            'completedAt',
            'completedBy',
            'approvedAt',
            'approvedBy',
            'billedAt',
            'closedAt',
            'cancelledAt',
            'cancelledBy',
            'cancelReason',
            'rejectionReason',
            'notBillableReason',
            'proformaId',
            'invoiceId',
            'externalInvoiceRef',
          ],
        },
      ],
    },
  },
});
