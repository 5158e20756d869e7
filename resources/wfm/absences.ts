import { defineResource, f, type RecordInput } from '../schema';
import { after } from './shared';

/** Why a technician is away (docs/domain.md#absences). */
export const ABSENCE_KINDS = ['holiday', 'sickness', 'training', 'other'] as const;

const fields = {
  technicianId: f.reference('wfm/technicians', { required: true }),
  kind: f.enum(ABSENCE_KINDS, { required: true, default: 'holiday' }),
  /** From this instant to `end`: a whole day runs from 00:00 to 24:00 in Italy. */
  start: f.datetime({ required: true }),
  end: f.datetime({ required: true }),
  notes: f.longText({ max: 1000 }),
};

type Absence = RecordInput<typeof fields>;

/**
 * A technician's absence (holiday, sickness, training): shown on the planner and honoured by the planning
 * checks (no job is planned over it, docs/domain.md#planning-checks). Technicians read their own.
 */
export default defineResource({
  name: 'wfm/absences',
  service: 'wfm',
  endpoint: 'absences',
  table: 'absences',
  access: {
    list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'],
    show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'],
    create: ['ROLE_ADMIN'],
    edit: ['ROLE_ADMIN'],
    delete: ['ROLE_ADMIN'],
  },
  recordRepresentation: ['kind', 'start'],
  fields,
  rules: [after<Absence>('end', 'start')],
  views: {
    list: {
      columns: ['technicianId', 'kind', 'start', 'end', 'notes'],
      sort: { field: 'start', order: 'DESC' },
      filters: ['technicianId', 'kind', 'start'],
    },
    form: { sections: [{ id: 'absence', fields: ['technicianId', 'kind', 'start', 'end', 'notes'] }] },
  },
});
