/**
 * JSON Schemas shared by route documentation: the problem+json error of every route and helpers
 * that attach it to a route's responses. Documentation only: nothing validates against these.
 */

export const problemSchema = {
  // The title makes it one shared component of the document (components.ts).
  title: 'Problem',
  type: 'object',
  description: 'An RFC 9457 problem. `errors` lists what is wrong per field or query parameter.',
  properties: {
    type: { type: 'string', example: 'about:blank' },
    title: { type: 'string', example: 'Validation failed' },
    status: { type: 'integer', example: 400 },
    detail: { type: 'string', example: 'Invalid fields: email' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'Field path (a.b) or query parameter name', example: 'email' },
          message: { type: 'string', description: "In the request's Accept-Language (it or en)" },
          key: { type: 'string', description: 'Catalogue key of the message', example: 'validation.email' },
          params: { type: 'object', additionalProperties: true },
        },
        required: ['path', 'message'],
      },
    },
  },
  required: ['type', 'title', 'status', 'detail', 'errors'],
  additionalProperties: true,
} as const;

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: the problem names each wrong field or query parameter.',
  401: 'No bearer token, or an invalid or expired one.',
  403: 'The role of the token may not do this.',
  404: 'No such route or record (another tenant’s record is not found either).',
  409: 'Stale version or a value already in use.',
  413: 'The body is larger than allowed.',
  414: 'The URL or a path segment is too long.',
  415: 'The body is not of a supported content type.',
  422: 'An Idempotency-Key already used for another request (a different body or resource).',
};

/** Responses for the given error statuses, each application/problem+json. */
export function problemResponses(...statuses: number[]): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const status of statuses) {
    out[status] = {
      description: DESCRIPTIONS[status] ?? 'Error.',
      content: { 'application/problem+json': { schema: problemSchema } },
    };
  }
  return out;
}

/** A JSON success response. */
export function jsonResponse(description: string, schema: object): unknown {
  return { description, content: { 'application/json': { schema } } };
}

export const bearer = [{ bearerAuth: [] }];
