import { defineResource, f } from '../schema';
import { colorField } from './shared';

export const SKILL_KINDS = ['skill', 'tag'] as const;

/**
 * A skill or a tag (docs/domain.md#technicians-and-skills): skills are matched against technicians, tags classify activities
 * and machines. Names are unique per kind regardless of case, and parents never form a cycle (both
 * checked by the wfm hooks).
 */
export default defineResource({
  name: 'wfm/skills',
  service: 'wfm',
  endpoint: 'skills',
  table: 'skills',
  // Technicians read them (required skills and tags of their activities).
  access: { list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'], show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'] },
  recordRepresentation: ['name'],
  fields: {
    name: f.text({ required: true, max: 40, searchable: true }),
    kind: f.enum(SKILL_KINDS, { required: true, default: 'skill' }),
    color: colorField(),
    parentId: f.reference('wfm/skills'),
    requiresCertificate: f.boolean({ default: false }),
    description: f.longText({ max: 1000 }),
  },
  views: {
    list: {
      columns: ['name', 'kind', 'color', 'parentId', 'requiresCertificate'],
      sort: { field: 'name', order: 'ASC' },
      filters: ['q', 'kind', 'requiresCertificate', 'parentId'],
    },
    form: {
      sections: [{ id: 'skill', fields: ['name', 'kind', 'color', 'parentId', 'requiresCertificate', 'description'] }],
    },
  },
});
