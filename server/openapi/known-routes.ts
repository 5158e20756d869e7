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

/** One change of the planner's pending list (docs/domain.md#planner). */
const pendingChange = {
  type: 'object',
  properties: {
    activityId: { type: 'string', format: 'uuid' },
    number: { type: ['string', 'null'] },
    title: { type: 'string' },
    customerName: { type: 'string' },
    change: { type: 'string', enum: ['new', 'moved', 'changed', 'cancelled', 'removed'] },
    scheduledStart: { type: ['string', 'null'], format: 'date-time' },
    scheduledEnd: { type: ['string', 'null'], format: 'date-time' },
    publishedStart: { type: ['string', 'null'], format: 'date-time' },
    publishedEnd: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['activityId', 'number', 'title', 'customerName', 'change', 'scheduledStart', 'scheduledEnd'],
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
  'GET /oauth2/session': {
    tags: ['oauth2'],
    summary: "The caller's session, from the access token alone",
    description:
      'The user id, username, roles, tenant and session id (`sid`) the bearer token carries, once the token has ' +
      'passed every check (signature, expiry, revoked session, disabled user, tokens_valid_after). No database ' +
      'work of its own; `Cache-Control: no-store`.',
    security: bearer,
    response: {
      200: jsonResponse('The session.', {
        type: 'object',
        properties: {
          data: {
            type: 'object',
            properties: {
              id: { type: 'string', format: 'uuid' },
              username: { type: 'string' },
              roles: { type: 'array', items: { type: 'string' } },
              tenant: { type: 'string' },
              sessionId: { type: 'string', format: 'uuid' },
            },
          },
        },
      }),
      ...problemResponses(401),
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
  'GET /sales/api/invoices/:id/fatturapa': {
    tags: ['sales'],
    summary: 'The FatturaPA XML of an issued invoice, named IT<VAT>_<progressive>.xml',
    description:
      'The electronic invoice (FatturaPA 1.2.2, FPR12, or FPA12 for a public administration) of an issued invoice, ' +
      'credit note or deferred invoice, built from the invoice, its customer and the tenant’s company ' +
      '(docs/domain.md#electronic-invoice-fatturapa). The first download gives the invoice its transmission: a ' +
      'progressive unique in the tenant and the file name, then shown as `sdiProgressive` and `sdiFileName`; later ' +
      'downloads answer the same file. `Content-Disposition: attachment` with that name, `Cache-Control: no-store`. ' +
      'Access as the invoice’s PDF: the resource’s `show` (403 otherwise); another tenant’s or a malformed id is a ' +
      '404. A draft or cancelled invoice is a 409 naming `status`; a company config without the sender’s VAT number, ' +
      'registered office or tax regime a 409 naming `company`.',
    security: bearer,
    response: {
      200: {
        description: 'The XML file.',
        content: { 'application/xml': { schema: { type: 'string', description: 'FatturaPA 1.2.2 document' } } },
      },
      ...problemResponses(401, 403, 404, 409),
    },
  },
  'POST /sales/api/sdi/receipts': {
    tags: ['sales'],
    summary: 'Import an SdI receipt (RC, NS, MC, NE, DT, AT): XML body or multipart `file`',
    description:
      'Imports a receipt of the SdI (MessaggiTypes v1.1) for an invoice of the tenant sent under its NomeFile ' +
      '(docs/domain.md#sdi-round-trip): the XML as an `application/xml` or `text/xml` body, or the part `file` of ' +
      '`multipart/form-data`, at most 512 KB (413). 201 with the history row (`sales/sdi-events`) it made and the ' +
      'invoice’s `sdiStatus` moved (RC delivered, MC/AT not delivered, NS rejected with its errors, NE accepted or ' +
      'refused, DT expired); 200 with the row made before when the same MessageId comes again. A receipt of an ' +
      'earlier transmission is recorded and moves nothing. 400 naming the element for what is no receipt (not ' +
      'well-formed, a DOCTYPE, another root, a missing element); 404 naming `NomeFile` when no invoice of the tenant ' +
      'was sent so; 409 on `sdiStatus` when the receipt does not follow from the invoice’s status, on `kind` for an ' +
      'NE or DT of an invoice to a customer that is no public administration. Administrators only (403).',
    security: bearer,
    response: {
      200: jsonResponse('The receipt was imported before: its history row.', { type: 'object' }),
      201: jsonResponse('The history row of the imported receipt.', { type: 'object' }),
      ...problemResponses(400, 401, 403, 404, 409, 413),
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
  'GET /wfm/api/planning/pending': {
    tags: ['wfm'],
    summary: "What confirming the planner's sending would tell each technician",
    description:
      'The pending activities (docs/domain.md#planner: drafts assigned with a slot and a team, or cancelled ' +
      'after being sent) whose slot or sent slot meets the window, grouped by technician (by name), each ' +
      'change (new, moved, changed, cancelled, removed) by start. Administrators only.',
    security: bearer,
    querystring: {
      type: 'object',
      properties: {
        from: { type: 'string', format: 'date-time' },
        to: { type: 'string', format: 'date-time', description: 'after `from`' },
      },
      additionalProperties: false,
    },
    response: {
      200: jsonResponse('The pending changes.', {
        type: 'object',
        properties: {
          data: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                technicianId: { type: 'string', format: 'uuid' },
                technicianName: { type: 'string' },
                changes: { type: 'array', items: pendingChange },
              },
              required: ['technicianId', 'technicianName', 'changes'],
            },
          },
          activityIds: { type: 'array', items: { type: 'string', format: 'uuid' } },
        },
        required: ['data', 'activityIds'],
      }),
      ...problemResponses(400, 401, 403),
    },
  },
  'POST /wfm/api/planning/publish': {
    tags: ['wfm'],
    summary: 'Confirm sending: publish the pending activities to their technicians',
    description:
      'One transaction over the locked activities: the pending ones become published with a snapshot of what ' +
      'was sent, each affected technician (current or removed) gets one notification and, after commit, one ' +
      'e-mail. Ids not pending are ignored (a repeat publishes 0); an id the tenant does not have is a 404 and ' +
      'nothing is sent. Administrators only.',
    security: bearer,
    body: {
      type: 'object',
      properties: {
        activityIds: { type: 'array', items: { type: 'string', format: 'uuid' }, minItems: 1, maxItems: 1000 },
      },
      required: ['activityIds'],
      additionalProperties: false,
    },
    response: {
      200: jsonResponse('What was sent.', {
        type: 'object',
        properties: {
          published: { type: 'integer' },
          technicians: {
            type: 'array',
            items: {
              type: 'object',
              properties: { technicianId: { type: 'string', format: 'uuid' }, changes: { type: 'integer' } },
              required: ['technicianId', 'changes'],
            },
          },
        },
        required: ['published', 'technicians'],
      }),
      ...problemResponses(400, 401, 403, 404),
    },
  },
  'POST /wfm/api/planning/check': {
    tags: ['wfm'],
    summary: 'Dry run of the planning checks: the conflicts a slot would meet',
    description:
      'The conflicts an activity would meet with this slot and team, as its create or update would judge them ' +
      '(docs/domain.md#planning-checks): overlap, missingSkill, certificate, absence (hard) and outsideWorkingHours ' +
      "(soft: accepted on a write with an `overrideReason`). Fields left out are taken from `activityId`'s " +
      'stored activity (which is also left out of the overlaps). Administrators only. Unknown keys, malformed ' +
      "ids or instants, a missing slot or an end not after the start are a 400; another tenant's activity a 404.",
    security: bearer,
    body: {
      type: 'object',
      properties: {
        activityId: { type: 'string', format: 'uuid' },
        technicianIds: { type: 'array', items: { type: 'string', format: 'uuid' } },
        scheduledStart: { type: 'string', format: 'date-time' },
        scheduledEnd: { type: 'string', format: 'date-time' },
        requiredSkillIds: { type: 'array', items: { type: 'string', format: 'uuid' } },
        type: { type: 'string' },
        machineIds: { type: 'array', items: { type: 'string', format: 'uuid' } },
      },
      additionalProperties: false,
    },
    response: {
      200: jsonResponse('The conflicts, none when the slot is free.', {
        type: 'object',
        properties: {
          conflicts: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                kind: {
                  type: 'string',
                  enum: ['overlap', 'missingSkill', 'certificate', 'absence', 'outsideWorkingHours'],
                },
                hard: { type: 'boolean', description: 'false only for outsideWorkingHours' },
                technicianId: { type: ['string', 'null'], format: 'uuid' },
                path: { type: 'string', enum: ['scheduledStart', 'technicianIds'] },
                key: { type: 'string', example: 'validation.wfm.planning.overlap' },
                params: { type: 'object', additionalProperties: { type: 'string' } },
                message: { type: 'string', description: "In the request's Accept-Language (it or en)" },
                activityId: { type: 'string', format: 'uuid', description: 'overlap: the other activity' },
                absenceId: { type: 'string', format: 'uuid', description: 'absence: the absence' },
              },
              required: ['kind', 'hard', 'technicianId', 'path', 'key', 'params', 'message'],
            },
          },
        },
        required: ['conflicts'],
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
