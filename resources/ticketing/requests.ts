import { defineResource, f, oneOfRequired, type RecordInput } from '../schema';
import { endAfterStart, requiredInStatus, together } from './rules';

export const REQUEST_STATUSES = ['open', 'inProgress', 'resolved', 'closed', 'cancelled'] as const;
export const REQUEST_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

const fields = {
  /** "RIC/2026/00012": assigned by the service on create. */
  number: f.text({ readOnly: true, max: 20, unique: true, searchable: true, filter: ['eq', 'contains', 'startsWith'] }),
  /** When the request came in; the service sets the moment of creation when it is left empty. */
  openedAt: f.datetime(),
  channel: f.enum(['phone', 'email', 'portal', 'technician', 'internal', 'periodic'], {
    required: true,
    default: 'phone',
  }),
  customerId: f.reference('sales/customers', { required: true }),
  siteId: f.reference('sales/sites', { required: true, narrowBy: { customerId: 'customerId' } }),
  machineIds: f.references('wfm/machines', { max: 100, narrowBy: { siteId: 'siteId' } }),
  // Who reported it: an address-book contact, or a name and phone taken down on the call.
  contactId: f.reference('address-book/contacts'),
  reporterName: f.text({ max: 80, searchable: true }),
  reporterPhone: f.phone(),
  subject: f.text({ required: true, max: 120, searchable: true }),
  description: f.longText({ max: 4000 }),
  type: f.enum(['breakdown', 'maintenance', 'installation', 'quoteRequest', 'leakCheck', 'other'], {
    required: true,
    default: 'breakdown',
  }),
  priority: f.enum(REQUEST_PRIORITIES, { required: true, default: 'normal' }),
  requestedEarliest: f.datetime(),
  /** When left empty, the service sets it from the response time (SLA) of the contract or of the priority. */
  requestedLatest: f.datetime(),
  contractId: f.reference('ticketing/contracts'),
  periodicTicketId: f.reference('ticketing/periodic'),
  occurrenceDate: f.date(),
  /** The dispatcher in charge. */
  assignedUserId: f.reference('users'),
  /** Moved by the lifecycle actions only: open on creation. */
  status: f.enum(REQUEST_STATUSES, { readOnly: true, default: 'open' }),
  /** Stamped when the request is closed or cancelled, kept while it stays so. */
  closedAt: f.computed(f.datetime(), (r) =>
    r.status === 'closed' || r.status === 'cancelled' ? (r.closedAt ?? new Date().toISOString()) : null,
  ),
  closeReason: f.longText({ max: 1000 }),
};

type Request = RecordInput<typeof fields>;

/** Service requests (richieste, tickets): docs/domain.md#requests. */
export default defineResource({
  name: 'ticketing/requests',
  service: 'ticketing',
  endpoint: 'requests',
  table: 'requests',
  recordRepresentation: ['number', 'subject'],
  fields,
  rules: [
    oneOfRequired<Request>(['contactId', 'reporterName', 'reporterPhone']),
    endAfterStart<Request>('requestedLatest', 'requestedEarliest', true),
    together<Request>('periodicTicketId', 'occurrenceDate'),
    requiredInStatus<Request>('closeReason', ['cancelled']),
  ],
  actions: {
    /** Done with: the reason is required when no activity was carried out for it (service check). */
    close: {
      from: ['open', 'inProgress', 'resolved'],
      to: 'closed',
      roles: ['ROLE_ADMIN'],
      input: { closeReason: f.longText({ max: 1000 }) },
    },
    cancel: {
      from: ['open', 'inProgress'],
      to: 'cancelled',
      roles: ['ROLE_ADMIN'],
      input: { closeReason: f.longText({ required: true, max: 1000 }) },
    },
  },
  views: {
    list: {
      columns: [
        'number',
        'openedAt',
        'customerId',
        'siteId',
        'subject',
        'type',
        'priority',
        'status',
        'assignedUserId',
      ],
      sort: { field: 'openedAt', order: 'DESC' },
      filters: ['q', 'status', 'priority', 'type', 'channel', 'customerId', 'assignedUserId', 'openedAt'],
    },
    form: {
      sections: [
        { id: 'request', fields: ['number', 'openedAt', 'channel', 'subject', 'description', 'type', 'priority'] },
        { id: 'where', fields: ['customerId', 'siteId', 'machineIds', 'contractId'] },
        { id: 'reporter', fields: ['contactId', 'reporterName', 'reporterPhone'] },
        {
          id: 'planning',
          fields: ['requestedEarliest', 'requestedLatest', 'assignedUserId', 'periodicTicketId', 'occurrenceDate'],
        },
        { id: 'outcome', fields: ['status', 'closedAt', 'closeReason'] },
      ],
    },
  },
});
