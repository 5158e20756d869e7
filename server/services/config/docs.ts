import { bearer, jsonResponse, problemResponses } from '../../openapi/problem';
import { lazyDocs } from '../../openapi/lazy';
import { jsonSchemaOf } from '../../openapi/resource-docs';
import { tenantConfigSchema } from './tenant-config';

/** Route schemas of the config and dictionary routes: documentation for /docs, never validation. */

const fileParams = (description: string) => ({
  type: 'object',
  properties: { file: { type: 'string', description } },
  required: ['file'],
});

const notModified = { description: 'Unchanged since the ETag sent in If-None-Match.' };

export const configDocs = {
  // Built with the OpenAPI document: the tenant config's JSON Schema is converted from zod then.
  get: lazyDocs(() => ({
    tags: ['config'],
    summary: "A tenant's config (brand, locales, microservices, maintenance mode)",
    description: 'Public. Served with an ETag and Cache-Control: no-cache, so a reload reaches clients at once.',
    params: fileParams('`{tenant}.json`'),
    response: {
      200: jsonResponse(
        'The tenant config of docs/wire-contract.md#tenant-config-and-dictionaries.',
        jsonSchemaOf(tenantConfigSchema),
      ),
      304: notModified,
      ...problemResponses(404),
    },
  })),
  reload: {
    tags: ['config'],
    summary: "Reload the caller's tenant config and dictionary overrides",
    description:
      "Administrators only (ROLE_ADMIN), for the token's own tenant. Re-reads `tenants/{tenant}.json` and " +
      '`tenants/{tenant}.{locale}.json` from the config folder and validates them; when any is invalid the ' +
      'answer is 400 naming the file and each wrong path, and the previous configuration stays in use. No body.',
    security: bearer,
    response: {
      200: jsonResponse('Reloaded.', {
        type: 'object',
        properties: {
          data: {
            type: 'object',
            properties: { tenant: { type: 'string' }, files: { type: 'array', items: { type: 'string' } } },
          },
        },
      }),
      ...problemResponses(400, 401, 403),
    },
  },
};

export const dictionaryDocs = {
  get: {
    tags: ['config'],
    summary: 'A tenant dictionary: the app catalogue of a locale with the tenant overrides',
    description: 'Public; nested messages with `:name` placeholders. ETag and Cache-Control: no-cache.',
    params: {
      type: 'object',
      properties: { tenant: { type: 'string' }, file: { type: 'string', description: '`{locale}.json`' } },
      required: ['tenant', 'file'],
    },
    response: {
      200: jsonResponse('The dictionary.', { type: 'object', additionalProperties: true }),
      304: notModified,
      ...problemResponses(404),
    },
  },
};
