import { MAX_COUNT_KEYS as MAX_KEYS, type ResourceDefinition } from '../../resources/schema';
import { bearer, jsonResponse, problemResponses } from './problem';

/** The route schema of `POST /{service}/api/counts` (docs/wire-contract.md#counts): documentation only. */
export function countsDocs(definitions: readonly ResourceDefinition[]) {
  const filter = {
    type: 'object',
    properties: {
      field: { type: 'string' },
      operator: { type: 'string' },
      value: {
        description: 'A value, or a list for `in` and `between`; as in a list query string.',
        anyOf: [
          { type: ['string', 'number', 'boolean'] },
          { type: 'array', items: { type: ['string', 'number', 'boolean'] } },
        ],
      },
    },
    required: ['field', 'operator'],
  };
  return {
    tags: ['counts'],
    summary: 'Count several lists at once',
    description: [
      `Up to ${MAX_KEYS} counts by key, each the exact total the list of \`resource\` with \`filters\` would answer`,
      'for the caller (filters, record scope, private fields and tenant as in the list). A resource the caller',
      'may not list counts `null`; an unknown resource, key or filter is a 400 naming `counts.<key>…`.',
    ].join('\n'),
    security: bearer,
    body: {
      type: 'object',
      properties: {
        counts: {
          type: 'object',
          maxProperties: MAX_KEYS,
          additionalProperties: {
            type: 'object',
            properties: {
              resource: { type: 'string', enum: definitions.map((def) => def.name) },
              filters: { type: 'array', items: filter },
            },
            required: ['resource'],
          },
        },
      },
      required: ['counts'],
    },
    response: {
      200: jsonResponse('The count of every key; null where the caller may not list the resource.', {
        type: 'object',
        properties: { data: { type: 'object', additionalProperties: { type: ['integer', 'null'], minimum: 0 } } },
        required: ['data'],
      }),
      ...problemResponses(400, 401, 413, 415),
    },
  };
}
