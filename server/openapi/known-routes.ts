import { bearer, jsonResponse, problemResponses } from './problem';

/**
 * Documentation of routes declared where no route schema was given: the skeleton's operational
 * routes and the token endpoint. A route that declares its own schema keeps it; these fill in only
 * what is missing, so /docs lists every route with its shapes.
 */

const oauthError = {
  type: 'object',
  description: 'RFC 6749 section 5.2, plus a human `message` in the Accept-Language.',
  properties: {
    error: {
      type: 'string',
      enum: ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type'],
    },
    error_description: { type: 'string' },
    message: { type: 'string' },
  },
  required: ['error', 'message'],
};

const tokenBody = {
  type: 'object',
  description: 'Form-encoded (application/x-www-form-urlencoded), as docs/wire-contract.md#token-endpoint.',
  properties: {
    grant_type: { type: 'string', enum: ['password', 'refresh_token'] },
    client_id: { type: 'string' },
    client_secret: { type: 'string', description: 'Or HTTP Basic client authentication.' },
    scope: { type: 'string', enum: ['USERNAME'], description: 'password grant' },
    username: { type: 'string', description: 'password grant' },
    password: { type: 'string', format: 'password', description: 'password grant' },
    tenant: { type: 'string', description: 'password grant' },
    refresh_token: { type: 'string', description: 'refresh_token grant; rotates on every use' },
  },
  required: ['grant_type'],
};

const runtimeConfig = {
  type: 'object',
  properties: {
    apiBaseUrl: { type: 'string', description: '"" means the page origin' },
    appName: { type: 'string' },
    oauth2Url: { type: 'string' },
    configBaseUrl: { type: 'string' },
    clientId: { type: 'string' },
    clientSecret: { type: 'string' },
    defaultTenant: { type: 'string' },
    monitoringDsn: { type: 'string' },
  },
};

const text = { type: 'string' };
const maybeText = { type: ['string', 'null'] };
const instant = { type: ['string', 'null'], format: 'date-time' };
const uuids = { type: 'array', items: { type: 'string', format: 'uuid' } };

/** The planner's shapes (docs/wire-contract.md#planning). */
const plannerTechnician = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: text,
    color: text,
    team: maybeText,
    zone: maybeText,
    skillIds: uuids,
    workingHours: {
      type: 'array',
      items: { type: 'object', properties: { weekday: text, startTime: text, endTime: text } },
    },
    active: { type: 'boolean' },
  },
};

const plannerActivity = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    number: maybeText,
    title: text,
    type: text,
    status: text,
    priority: text,
    planState: { type: 'string', enum: ['draft', 'published'] },
    publicationWarning: { type: 'boolean' },
    technicianIds: uuids,
    leadTechnicianId: maybeText,
    scheduledStart: instant,
    scheduledEnd: instant,
    customerId: text,
    customerName: text,
    siteId: text,
    siteName: text,
    siteZone: maybeText,
    requiredSkillIds: uuids,
    origin: text,
    version: { type: 'integer' },
  },
};

const plannerAbsence = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    technicianId: { type: 'string', format: 'uuid' },
    kind: text,
    start: { type: 'string', format: 'date-time' },
    end: { type: 'string', format: 'date-time' },
  },
};

export const KNOWN_ROUTES: Record<string, Record<string, unknown>> = {
  'GET /runtime-config.json': {
    tags: ['operations'],
    summary: 'Runtime configuration of the SPA',
    description: 'Fetched by the SPA at start, so one build serves every deployment.',
    response: { 200: jsonResponse('The runtime configuration.', runtimeConfig) },
  },
  'POST /oauth2/token': {
    tags: ['oauth2'],
    summary: 'Issue tokens (password or refresh_token grant)',
    consumes: ['application/x-www-form-urlencoded'],
    body: tokenBody,
    response: {
      200: jsonResponse('Tokens; Cache-Control: no-store.', {
        type: 'object',
        properties: {
          AccessToken: { type: 'string', description: 'JWT (EdDSA) with username and groups claims' },
          RefreshToken: { type: 'string' },
          ExpiresIn: { type: 'integer', description: 'seconds' },
        },
        required: ['AccessToken', 'RefreshToken', 'ExpiresIn'],
      }),
      400: jsonResponse('Any error but a bad client, wrong credentials included.', oauthError),
      401: jsonResponse('invalid_client.', oauthError),
    },
  },
  'GET /oauth2/tenant': {
    tags: ['oauth2'],
    summary: "The token's tenant and its config file URL",
    security: bearer,
    response: {
      200: jsonResponse('The tenant.', {
        type: 'object',
        properties: {
          data: {
            type: 'object',
            properties: { id: { type: 'string' }, name: { type: 'string' }, configFileUrl: { type: 'string' } },
          },
        },
      }),
      ...problemResponses(401, 404),
    },
  },
  'GET /wfm/api/machines/:id/history': {
    tags: ['wfm'],
    summary: 'Previous interventions on a machine, newest first',
    description:
      'The activities that took place on the machine (completed or later), newest first, for whoever may read the ' +
      'machine: a technician only for the machines of their published activities (404 otherwise, as for another ' +
      "tenant's). `limit` from 1 to 50, 10 when absent; any other parameter or value is a 400.",
    security: bearer,
    querystring: {
      type: 'object',
      properties: { limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 } },
      additionalProperties: false,
    },
    response: {
      200: jsonResponse('The interventions.', {
        type: 'object',
        properties: {
          data: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'string', format: 'uuid' },
                number: { type: ['string', 'null'] },
                type: { type: 'string' },
                title: { type: 'string' },
                status: { type: 'string' },
                scheduledStart: { type: ['string', 'null'], format: 'date-time' },
                completedAt: { type: ['string', 'null'], format: 'date-time' },
                resolution: { type: ['string', 'null'] },
                technicianNames: { type: 'array', items: { type: 'string' } },
              },
              required: [
                'id',
                'number',
                'type',
                'title',
                'status',
                'scheduledStart',
                'completedAt',
                'resolution',
                'technicianNames',
              ],
            },
          },
        },
        required: ['data'],
      }),
      ...problemResponses(400, 401, 403, 404),
    },
  },
  'GET /wfm/api/planning/window': {
    tags: ['wfm'],
    summary: "The planner's calendar window: technicians, jobs and absences",
    description:
      'Administrators only (a technician gets 403). `from` and `to` are ISO 8601 instants with their zone, `to` after ' +
      '`from`, at most 42 days apart (else 400). Answers the active technicians (resources), the activities not ' +
      'cancelled whose slot intersects [from, to), and the absences intersecting it.',
    security: bearer,
    querystring: {
      type: 'object',
      properties: { from: { type: 'string', format: 'date-time' }, to: { type: 'string', format: 'date-time' } },
      required: ['from', 'to'],
      additionalProperties: false,
    },
    response: {
      200: jsonResponse('The window.', {
        type: 'object',
        properties: {
          technicians: { type: 'array', items: plannerTechnician },
          activities: { type: 'array', items: plannerActivity },
          absences: { type: 'array', items: plannerAbsence },
        },
        required: ['technicians', 'activities', 'absences'],
      }),
      ...problemResponses(400, 401, 403),
    },
  },
  'GET /wfm/api/planning/queue': {
    tags: ['wfm'],
    summary: 'Unscheduled work waiting for a slot, the most due first',
    description:
      'Administrators only. Activities in status `assigned` without `scheduledStart`, by occurrence date (none last), ' +
      "priority and number, at most 200 (`total` counts them all). `zone` matches the site's zone regardless of case, " +
      '`skillId` one of the required skills, `q` the number, title or customer name.',
    security: bearer,
    querystring: {
      type: 'object',
      properties: {
        zone: { type: 'string', maxLength: 40 },
        skillId: { type: 'string', format: 'uuid' },
        q: { type: 'string', maxLength: 100 },
      },
      additionalProperties: false,
    },
    response: {
      200: jsonResponse('The queue.', {
        type: 'object',
        properties: {
          data: {
            type: 'array',
            items: {
              ...plannerActivity,
              properties: {
                ...plannerActivity.properties,
                estimatedMinutes: { type: ['integer', 'null'] },
                occurrenceDate: { type: ['string', 'null'], format: 'date' },
              },
            },
          },
          total: { type: 'integer' },
        },
        required: ['data', 'total'],
      }),
      ...problemResponses(400, 401, 403),
    },
  },
};
