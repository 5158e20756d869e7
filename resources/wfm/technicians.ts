import { defineResource, f, requiredWhen, type RecordInput, type Rule } from '../schema';
import { after, blank, colorField, issue } from './shared';

/** F-gas certificate categories: Reg. 2015/2067 (I–IV, still valid) and Reg. 2024/2215 (A1 … E). */
export const CERTIFICATE_CATEGORIES = ['I', 'II', 'III', 'IV', 'A1', 'A2', 'B', 'C', 'D', 'E'] as const;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const time = () => f.text({ required: true, max: 5, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, filter: [] });

const fields = {
  /** The user the technician signs in as (1-1): their activities are the ones they see. */
  userId: f.reference('users', { unique: true }),
  firstName: f.text({ required: true, max: 60, searchable: true }),
  lastName: f.text({ required: true, max: 60, searchable: true }),
  taxCode: f.fiscalCode({ searchable: true }),
  phone: f.phone({ required: true }),
  email: f.email({ searchable: true }),
  color: colorField({ required: true }),
  vanWarehouseId: f.reference('wh/warehouses'),
  /** The crew the technician works in, and the zone they cover (as sites name it): the planner groups and filters by them. */
  team: f.text({ max: 60, searchable: true }),
  zone: f.text({ max: 40, searchable: true }),
  // The F-gas certificate (the fgasCertificate value object of docs/domain.md#technicians-and-skills) as plain fields, so the form edits it inline.
  fgasCertificateNumber: f.text({ max: 40, searchable: true }),
  fgasCertificateCategory: f.enum(CERTIFICATE_CATEGORIES),
  fgasCertificateIssuer: f.text({ max: 80 }),
  fgasCertificateIssueDate: f.date(),
  fgasCertificateExpiryDate: f.date(),
  skills: f.lines(
    {
      skillId: f.reference('wfm/skills', { required: true, only: { kind: 'skill' } }),
      level: f.integer({ min: 1, max: 5 }),
      certificateNumber: f.text({ max: 40 }),
      validUntil: f.date(),
    },
    { max: 50 },
  ),
  /** The weekly schedule (workingHours in docs/domain.md#technicians-and-skills): one line per working interval. */
  workingHours: f.lines(
    { weekday: f.enum(WEEKDAYS, { required: true }), startTime: time(), endTime: time() },
    { max: 21 },
  ),
  hourlyCost: f.money({ min: 0 }),
  active: f.boolean({ default: true }),
};

type Technician = RecordInput<typeof fields>;

const certificateGiven = (t: Technician) =>
  [t.fgasCertificateCategory, t.fgasCertificateIssuer, t.fgasCertificateIssueDate, t.fgasCertificateExpiryDate].some(
    (v) => !blank(v),
  );

/** A skill appears once per technician (TechnicianSkill is unique per technician and skill). */
const skillOnce: Rule<Technician> = (t) =>
  (t.skills ?? []).flatMap((line, i, all) =>
    all.findIndex((other) => other.skillId === line.skillId) < i
      ? [issue(`skills.${i}.skillId`, 'validation.duplicates')]
      : [],
  );

const intervalsInOrder: Rule<Technician> = (t) =>
  (t.workingHours ?? []).flatMap((line, i) =>
    line.startTime && line.endTime && line.endTime <= line.startTime
      ? [issue(`workingHours.${i}.endTime`, 'endAfterStart')]
      : [],
  );

/** A field technician (docs/domain.md#technicians-and-skills): who they are, their F-gas certificate, skills and van. */
export default defineResource({
  name: 'wfm/technicians',
  service: 'wfm',
  endpoint: 'technicians',
  table: 'technicians',
  // Technicians read their colleagues (an activity's team, the time entries of a work report).
  access: { list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'], show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'] },
  recordRepresentation: ['firstName', 'lastName'],
  fields,
  // A colleague's tax code and cost are the office's; a technician reads their own record whole.
  privateFields: { fields: ['taxCode', 'hourlyCost'], ownRecord: 'userId' },
  rules: [
    requiredWhen<Technician>('fgasCertificateNumber', certificateGiven),
    requiredWhen<Technician>('fgasCertificateCategory', (t) => !blank(t.fgasCertificateNumber)),
    requiredWhen<Technician>('fgasCertificateExpiryDate', (t) => !blank(t.fgasCertificateNumber)),
    after<Technician>('fgasCertificateExpiryDate', 'fgasCertificateIssueDate', true),
    skillOnce,
    intervalsInOrder,
  ],
  views: {
    list: {
      columns: [
        'lastName',
        'firstName',
        'phone',
        'email',
        'color',
        'fgasCertificateNumber',
        'fgasCertificateExpiryDate',
        'team',
        'active',
      ],
      sort: { field: 'lastName', order: 'ASC' },
      filters: ['q', 'active', 'team', 'zone', 'fgasCertificateCategory', 'fgasCertificateExpiryDate'],
    },
    form: {
      sections: [
        { id: 'person', fields: ['firstName', 'lastName', 'taxCode', 'phone', 'email', 'userId', 'color', 'active'] },
        {
          id: 'fgas',
          fields: [
            'fgasCertificateNumber',
            'fgasCertificateCategory',
            'fgasCertificateIssuer',
            'fgasCertificateIssueDate',
            'fgasCertificateExpiryDate',
          ],
        },
        { id: 'skills', fields: ['skills'] },
        { id: 'work', fields: ['team', 'zone', 'vanWarehouseId', 'workingHours', 'hourlyCost'] },
      ],
    },
  },
});
