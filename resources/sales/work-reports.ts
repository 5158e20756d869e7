import { decimal, defineResource, f, requiredWhen, type RecordInput, type Rule } from '../schema';
import { UNITS } from '../wh/shared';
import { kilograms } from '../wfm/shared';
import { issue, rowsOf } from './rules';

export const WORK_REPORT_OUTCOMES = ['resolved', 'partiallyResolved', 'followUpRequired', 'notPerformed'] as const;
export const WORK_REPORT_STATUSES = ['draft', 'signed', 'sent'] as const;
export const TIME_ENTRY_KINDS = ['work', 'travel', 'standby', 'overtime', 'night', 'holiday'] as const;

/** "08:30" -> 510; anything else -> null. */
export function minutesOf(time: unknown): number | null {
  if (typeof time !== 'string') return null;
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Hours of one entry: end − start − break, in hours with two decimals; none when not computable. */
function entryHours(entry: Readonly<Record<string, unknown>>) {
  const start = minutesOf(entry.startTime);
  const end = minutesOf(entry.endTime);
  if (start === null || end === null || end <= start) return null;
  const worked = end - start - (typeof entry.breakMinutes === 'number' ? entry.breakMinutes : 0);
  return worked > 0 ? new decimal.Big(worked).div(60) : null;
}

const TECHNICIAN_OR_ADMIN = ['ROLE_ADMIN', 'ROLE_TECHNICIAN'] as const;
/** The largest drawn signature accepted, in bytes of PNG. */
export const SIGNATURE_MAX_BYTES = 300 * 1024;

const time = () => f.text({ required: true, max: 5, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, filter: [] });

const fields = {
  /** "RAP/2026/00001", from the work-report numbering series when the report is created. */
  number: f.text({ readOnly: true, max: 20, unique: true, searchable: true }),
  activityId: f.reference('wfm/activities', { required: true }),
  date: f.date({ required: true }),
  timeEntries: f.lines(
    {
      technicianId: f.reference('wfm/technicians', { required: true }),
      date: f.date({ required: true }),
      startTime: time(),
      endTime: time(),
      breakMinutes: f.integer({ min: 0, max: 600 }),
      hours: f.computed(f.decimal({ precision: 5, scale: 2, min: 0 }), entryHours),
      kind: f.enum(TIME_ENTRY_KINDS, { required: true, default: 'work' }),
      km: f.decimal({ precision: 7, scale: 1, min: 0 }),
    },
    {
      required: true,
      min: 1,
      max: 100,
      totals: (lines) => ({
        hours: decimal.sumOf(
          lines.map((l) => ({ hours: entryHours(l) })),
          'hours',
        ),
      }),
    },
  ),
  totalHours: f.computed(f.decimal({ precision: 7, scale: 2 }), (r) => decimal.sumOf(r.timeEntries, 'hours')),
  workDescription: f.longText({ required: true, max: 4000, searchable: true }),
  /** What was used, copied from the activity's materials when the report is generated from it. */
  materials: f.lines(
    {
      itemId: f.reference('wh/items'),
      description: f.text({ required: true, max: 200 }),
      quantity: f.quantity({ required: true, min: '0.001' }),
      uom: f.enum(UNITS, { required: true, default: 'pz' }),
    },
    // A picked item gives its name and unit; a report carries no prices (docs/spa.md#lines-filled-from-the-product).
    { max: 200, fill: { item: 'itemId', into: { description: 'description', uom: 'uom' } } },
  ),
  /** Refrigerant added to or recovered from each machine, copied from the activity's F-gas lines. */
  fgasLines: f.lines(
    {
      machineId: f.reference('wfm/machines', { required: true }),
      refrigerantId: f.reference('wfm/refrigerants', { required: true }),
      quantityAddedKg: kilograms({ default: '0.000' }),
      quantityRecoveredKg: kilograms({ default: '0.000' }),
      cylinderLot: f.text({ max: 40 }),
    },
    { max: 50 },
  ),
  fgasSummary: f.longText({ max: 2000 }),
  outcome: f.enum(WORK_REPORT_OUTCOMES, { required: true }),
  signerName: f.text({ max: 80 }),
  signedAt: f.datetime(),
  signatureImage: f.attachments({ max: 1, accept: ['image/png'] }),
  signatureWaivedReason: f.text({ max: 200 }),
  technicianSignature: f.attachments({ max: 1, accept: ['image/png'] }),
  customerNotes: f.longText({ max: 2000 }),
  pdf: f.attachments({ readOnly: true, max: 1, accept: ['application/pdf'] }),
  sentAt: f.datetime({ readOnly: true }),
  status: f.enum(WORK_REPORT_STATUSES, { readOnly: true, default: 'draft' }),
};

type WorkReport = RecordInput<typeof fields>;

/** Each entry ends after it starts, its break fits in it, and a technician's entries of a day do not overlap. */
const timeEntries: Rule<WorkReport> = (r) => {
  const entries = rowsOf(r.timeEntries);
  return entries.flatMap((entry, i) => {
    const start = minutesOf(entry.startTime);
    const end = minutesOf(entry.endTime);
    if (start === null || end === null) return [];
    if (end <= start) return [issue(`timeEntries.${i}.endTime`, 'endAfterStart')];
    if (typeof entry.breakMinutes === 'number' && entry.breakMinutes >= end - start)
      return [issue(`timeEntries.${i}.breakMinutes`, 'breakTooLong')];
    const overlaps = entries.some((other, j) => {
      if (j >= i || other.technicianId !== entry.technicianId || other.date !== entry.date) return false;
      const otherStart = minutesOf(other.startTime);
      const otherEnd = minutesOf(other.endTime);
      return otherStart !== null && otherEnd !== null && otherStart < end && start < otherEnd;
    });
    return overlaps ? [issue(`timeEntries.${i}.startTime`, 'overlap')] : [];
  });
};

const signed = (r: WorkReport) => (r.signatureImage ?? []).length > 0;

/**
 * A work report (rapportino, docs/domain.md#work-reports): what was done on an activity, the time spent and
 * the customer's signature. Technicians write those of their own activities (the sales hooks restrict
 * them); signing and sending come through lifecycle actions.
 */
export default defineResource({
  name: 'sales/work-reports',
  service: 'sales',
  endpoint: 'work-reports',
  table: 'work_reports',
  access: {
    list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'],
    show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'],
    create: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'],
    edit: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'],
    delete: ['ROLE_ADMIN'],
  },
  recordRepresentation: ['number', 'date'],
  fields,
  rules: [timeEntries, requiredWhen<WorkReport>('signerName', signed), requiredWhen<WorkReport>('signedAt', signed)],
  actions: {
    /** The customer signs on screen: the drawn PNG and the rendered PDF are stored by the sales hooks. */
    sign: {
      from: ['draft'],
      to: 'signed',
      roles: TECHNICIAN_OR_ADMIN,
      input: {
        signerName: f.text({ required: true, max: 80 }),
        /** `data:image/png;base64,…`, at most SIGNATURE_MAX_BYTES once decoded (checked by the hooks). */
        signature: f.text({ required: true, max: 600_000 }),
      },
      stamps: { signedAt: 'now' },
    },
    /** Mails the signed PDF to the customer. */
    send: { from: ['signed'], to: 'sent', roles: TECHNICIAN_OR_ADMIN, stamps: { sentAt: 'now' } },
  },
  views: {
    list: {
      columns: ['number', 'date', 'activityId', 'outcome', 'totalHours', 'status'],
      sort: { field: 'date', order: 'DESC' },
      filters: ['q', 'status', 'outcome', 'activityId', 'date'],
    },
    form: {
      sections: [
        { id: 'report', fields: ['number', 'status', 'activityId', 'date', 'outcome', 'pdf', 'sentAt'] },
        {
          id: 'work',
          fields: ['workDescription', 'timeEntries', 'totalHours', 'materials', 'fgasLines', 'fgasSummary'],
        },
        {
          id: 'signature',
          fields: [
            'signerName',
            'signedAt',
            'signatureImage',
            'signatureWaivedReason',
            'technicianSignature',
            'customerNotes',
          ],
        },
      ],
    },
  },
});
