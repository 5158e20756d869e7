import { notificationJsonSchema } from './definition';

/**
 * Route schemas: they document the API (/docs is generated from them) and shape the JSON answers.
 * Input is validated by the handlers (zod and the list contract), not by these.
 */
const tags = ['notifications'];

const idParams = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid', description: 'The notification id' } },
  required: ['id'],
} as const;

const one = { type: 'object', properties: { data: notificationJsonSchema }, required: ['data'] } as const;

export const listSchema = {
  tags,
  summary: "The caller's notifications",
  description:
    'The list contract in bracket-index form: page (from 0), pageSize (1..100), ' +
    'filters[i][field|operator|value] on readAt (isNull, lt, lte, gt, gte, between), type (eq, in), ' +
    'createdAt (lt, lte, gt, gte, between) and id (eq, in); options[sortBy]=createdAt, ' +
    'options[sortDirection]=asc|desc (newest first by default). Anything else is a 400 naming it.',
  querystring: {
    type: 'object',
    properties: {
      page: { type: 'string', description: 'Page number, from 0' },
      pageSize: { type: 'string', description: 'Rows per page, 1..100 (25 by default)' },
      'options[sortBy]': { type: 'string', enum: ['createdAt'] },
      'options[sortDirection]': { type: 'string', enum: ['asc', 'desc'] },
    },
    additionalProperties: { type: 'string', description: 'filters[i][field], filters[i][operator], filters[i][value]' },
  },
  response: {
    200: {
      type: 'object',
      properties: { data: { type: 'array', items: notificationJsonSchema }, total: { type: 'integer' } },
      required: ['data', 'total'],
    },
  },
};

export const unreadCountSchema = {
  tags,
  summary: "How many of the caller's notifications are unread",
  response: {
    200: {
      type: 'object',
      properties: { data: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] } },
      required: ['data'],
    },
  },
};

export const getSchema = {
  tags,
  summary: "One of the caller's notifications",
  description: "Another user's or tenant's notification, or a malformed id, answers 404.",
  params: idParams,
  response: { 200: one },
};

export const readSchema = {
  tags,
  summary: 'Marks one notification read',
  description: 'Idempotent: a notification already read keeps the time it was first read. No body.',
  params: idParams,
  response: { 200: one },
};

export const readAllSchema = {
  tags,
  summary: 'Marks every unread notification of the caller read',
  description: 'No body. Answers how many were unread.',
  response: {
    200: {
      type: 'object',
      properties: { data: { type: 'object', properties: { updated: { type: 'integer' } }, required: ['updated'] } },
      required: ['data'],
    },
  },
};

export const streamSchema = {
  tags,
  summary: 'Live notifications as server-sent events',
  description:
    'text/event-stream. Each new notification of the caller is an event `notification` whose `id:` is the ' +
    'notification id and whose `data:` is the notification as JSON; a comment line every 25 s keeps the ' +
    'connection open. With a Last-Event-ID header (or ?since=<ISO date-time>) the notifications created ' +
    'after that one (at most 100, the latest) are sent first. The bearer token goes in the Authorization ' +
    'header; the stream ends when the token expires or the server stops, and the client reconnects with ' +
    'Last-Event-ID.',
  querystring: {
    type: 'object',
    properties: {
      since: { type: 'string', format: 'date-time', description: 'Replay notifications from this instant' },
    },
    additionalProperties: false,
  },
  headers: {
    type: 'object',
    properties: { 'last-event-id': { type: 'string', description: 'Replay notifications after this id' } },
  },
  response: { 200: { description: 'An endless text/event-stream', type: 'string' } },
};
