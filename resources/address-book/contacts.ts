import { defineResource, f, oneOfRequired, requiredWhen, type RecordInput } from '../schema';

const fields = {
  kind: f.enum(['person', 'company'], { required: true, default: 'person' }),
  firstName: f.text({ max: 60, searchable: true }),
  lastName: f.text({ max: 60, searchable: true }),
  companyName: f.text({ max: 80, searchable: true }),
  jobTitle: f.text({ max: 60 }),
  email: f.email({ searchable: true }),
  pecEmail: f.email(),
  phone: f.phone({ searchable: true }),
  mobile: f.phone({ searchable: true }),
  address: f.address(),
  privacyConsentAt: f.datetime(),
  notes: f.richText(),
  attachments: f.attachments(),
};

type Contact = RecordInput<typeof fields>;

/** Address-book entry: people and reference contacts (docs/domain.md#parties). */
export default defineResource({
  name: 'address-book/contacts',
  service: 'address-book',
  endpoint: 'contacts',
  // Technicians read those their activities reach (server/services/wfm/technician-scope.ts).
  access: { list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'], show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'] },
  recordRepresentation: ['companyName', 'firstName', 'lastName'],
  fields,
  rules: [
    requiredWhen<Contact>('firstName', (c) => c.kind === 'person'),
    requiredWhen<Contact>('lastName', (c) => c.kind === 'person'),
    requiredWhen<Contact>('companyName', (c) => c.kind === 'company'),
    oneOfRequired<Contact>(['email', 'phone', 'mobile']),
  ],
  views: {
    list: {
      columns: ['kind', 'lastName', 'firstName', 'companyName', 'email', 'phone', 'mobile'],
      sort: { field: 'lastName', order: 'ASC' },
      filters: ['q', 'kind', 'lastName', 'companyName', 'email'],
    },
    form: {
      sections: [
        { id: 'identity', fields: ['kind', 'firstName', 'lastName', 'companyName', 'jobTitle'] },
        { id: 'reach', fields: ['email', 'pecEmail', 'phone', 'mobile', 'address'] },
        { id: 'other', fields: ['privacyConsentAt', 'notes', 'attachments'] },
      ],
    },
  },
});
