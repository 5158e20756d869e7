import { defineResource, EVERYONE, f, type ResourceDefinition } from '../../../resources/schema';

export const NOTIFICATION_TYPES = ['normal', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A notification on the wire: the stored row without its tenant and owner. */
export interface Notification {
  id: string;
  title: string;
  text: string;
  type: NotificationType;
  /** A hash route of the SPA, e.g. `#/address-book/contacts/<id>`. */
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

/**
 * The notification described as a resource, only so its list speaks the same strict bracket-index
 * contract as every other list (server/records/list-query.ts). It is not in resources/index.ts: it has
 * no menu entry, no generic CRUD and no derived table; every user reaches only their own.
 */
export const notificationResource: ResourceDefinition = defineResource({
  name: 'notifications/notifications',
  service: 'notifications',
  endpoint: 'notifications',
  access: { list: EVERYONE, show: EVERYONE, create: [], edit: EVERYONE, delete: [] },
  recordRepresentation: ['title'],
  fields: {
    title: f.text({ required: true, max: 200, filter: [], sortable: false }),
    text: f.longText({ required: true, max: 2000, filter: [] }),
    type: f.enum(NOTIFICATION_TYPES, { required: true, default: 'normal', filter: ['eq', 'in'], sortable: false }),
    link: f.text({ max: 500, filter: [], sortable: false }),
    readAt: f.datetime({ filter: ['isNull', 'lt', 'lte', 'gt', 'gte', 'between'], sortable: false }),
  },
  views: {
    list: { columns: ['title', 'text', 'type', 'readAt'], sort: { field: 'createdAt', order: 'DESC' } },
    form: { sections: [{ id: 'main', fields: ['title', 'text', 'type', 'link'] }] },
  },
});

/**
 * Record fields the list accepts in filters and sort besides the definition's own: the generic
 * system fields `updatedAt`, `createdBy`... do not exist on a notification.
 */
export const NOTIFICATION_SYSTEM_FIELDS: ReadonlySet<string> = new Set(['id', 'createdAt']);

/** JSON Schema of a notification, for the route schemas (and so /docs). */
export const notificationJsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    title: { type: 'string' },
    text: { type: 'string' },
    type: { type: 'string', enum: [...NOTIFICATION_TYPES] },
    link: { type: ['string', 'null'], description: 'A hash route of the SPA, e.g. #/address-book/contacts/<id>' },
    readAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'title', 'text', 'type', 'link', 'readAt', 'createdAt'],
} as const;
