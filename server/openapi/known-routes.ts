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
  'POST /wfm/api/planning/generate': {
    tags: ['wfm'],
    summary: 'Generate the periodic plans’ work and propose due leak checks and contract visits, now',
    description:
      'What the daily jobs `periodic-work` and `planning-proposals` do, for the caller’s tenant, now ' +
      '(docs/domain.md#generated-work): active periodic plans create their requests or unscheduled activities up ' +
      'to their horizon; machines in service whose leak check falls due within the tenant’s planning horizon ' +
      '(`planning.horizonDays`, 30 days by default) and that no open leak-check activity covers get one; active ' +
      'contracts with included visits and no active plan of their own get one per covered site and visit day. ' +
      'Idempotent: a repeat, or two at once, create each item once. Administrators only (403 otherwise). ' +
      'No body, or `{}`; anything else is a 400. `skipped` lists the sources whose item a rule now refuses ' +
      '(the others go ahead).',
    security: bearer,
    response: {
      200: jsonResponse('How many items were created.', {
        type: 'object',
        properties: {
          created: {
            type: 'object',
            properties: {
              periodic: { type: 'integer', minimum: 0 },
              leakCheck: { type: 'integer', minimum: 0 },
              contract: { type: 'integer', minimum: 0 },
            },
            required: ['periodic', 'leakCheck', 'contract'],
          },
          skipped: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                source: { type: 'string', enum: ['periodic', 'leakCheck', 'contract'] },
                id: { type: 'string', format: 'uuid' },
                detail: { type: 'string' },
              },
              required: ['source', 'id', 'detail'],
            },
          },
        },
        required: ['created', 'skipped'],
      }),
      ...problemResponses(400, 401, 403),
    },
  },
};
