import { z } from 'zod';
import {
  createSchema,
  FILTER_OPERATORS,
  patchSchema,
  storedFields,
  SYSTEM_FIELD_CAPS,
  type Field,
  type FilterOperator,
  type ResourceDefinition,
  type SystemField,
  DEFAULT_PAGE_SIZE,
  MAX_OFFSET,
  MAX_PAGE_SIZE,
} from '../../resources/schema';
import { translate } from '../http/lang';
import { DEFAULT_LIMITS } from '../http/query-string';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_HOURS, REPLAYED_HEADER } from '../records/idempotency';
import { bearer, jsonResponse, problemResponses } from './problem';

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema, input side (what a client sends). Kinds zod cannot express (custom
 * refinements, transforms) degrade to "any value" rather than failing the whole document.
 */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
}

function nullable(schema: JsonSchema): JsonSchema {
  return { anyOf: [schema, { type: 'null' }] };
}

/** The record as every route answers it: stored fields (null when absent) and the system values. */
export function recordJsonSchema(def: ResourceDefinition): JsonSchema {
  const properties: Record<string, JsonSchema> = { id: { type: 'string', format: 'uuid' } };
  for (const [name, field] of storedFields(def))
    properties[name] = { ...nullable(jsonSchemaOf(field.schema)), description: describeField(def, name, field) };
  Object.assign(properties, {
    createdAt: { type: 'string', format: 'date-time' },
    createdBy: { type: ['string', 'null'] },
    updatedAt: { type: 'string', format: 'date-time' },
    updatedBy: { type: ['string', 'null'] },
    version: { type: 'integer', minimum: 1, description: 'Send it back on update; a stale one answers 409.' },
  });
  // The title makes it one shared component of the document (components.ts).
  return {
    title: `${def.name} record`,
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: true,
  };
}

/** The English catalogue's label, or undefined when the catalogue has none. */
function label(key: string): string | undefined {
  const text = translate('en', key);
  return text === key ? undefined : text;
}

/** "contact" and "contacts" from `Contact |||| Contacts`; the resource name when there is no label. */
function nouns(def: ResourceDefinition): { one: string; many: string } {
  const [one, many = one] = (label(`resources.${def.name}.name`) ?? def.name).split('||||').map((s) => s.trim());
  return { one: one.toLowerCase(), many: many.toLowerCase() };
}

function describeField(def: ResourceDefinition, name: string, field: Field): string {
  const parts: string[] = [label(`resources.${def.name}.fields.${name}`) ?? name, field.kind];
  if (field.readOnly) parts.push('read-only');
  if (field.filter.length > 0) parts.push(`filters: ${field.filter.join(', ')}`);
  if (field.sortable) parts.push('sortable');
  if (field.searchable) parts.push('searched by q');
  return parts.join('; ');
}

/** Filterable fields with their operators: the definition's, then the system fields'. */
export function filterCapabilities(def: ResourceDefinition): [string, readonly FilterOperator[]][] {
  const fields = storedFields(def)
    .filter(([, field]) => field.filter.length > 0)
    .map(([name, field]): [string, readonly FilterOperator[]] => [name, field.filter]);
  const system = (Object.keys(SYSTEM_FIELD_CAPS) as SystemField[])
    .filter((name) => SYSTEM_FIELD_CAPS[name].filter.length > 0)
    .map((name): [string, readonly FilterOperator[]] => [name, SYSTEM_FIELD_CAPS[name].filter]);
  const searchable = Object.values(def.fields).some((field) => field.searchable);
  return [...fields, ...system, ...(searchable ? [['q', ['contains']] as [string, FilterOperator[]]] : [])];
}

export function sortKeys(def: ResourceDefinition): string[] {
  const fields = storedFields(def)
    .filter(([, field]) => field.sortable)
    .map(([name]) => name);
  const system = (Object.keys(SYSTEM_FIELD_CAPS) as SystemField[]).filter((name) => SYSTEM_FIELD_CAPS[name].sortable);
  return [...fields, ...system];
}

function listQuerystring(def: ResourceDefinition): JsonSchema {
  const caps = filterCapabilities(def);
  const operators = FILTER_OPERATORS.filter((op) => caps.some(([, ops]) => ops.includes(op)));
  const keys = sortKeys(def);
  const { sort } = def.views.list;
  return {
    type: 'object',
    properties: {
      page: {
        type: 'integer',
        minimum: 0,
        default: 0,
        description: `Page index from 0; page × pageSize ≤ ${MAX_OFFSET}.`,
      },
      pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
      'filters[0][field]': {
        type: 'string',
        enum: caps.map(([name]) => name),
        description: `Field of the first filter; more filters are filters[1]... (at most ${DEFAULT_LIMITS.maxFilters}), all ANDed.`,
      },
      'filters[0][operator]': {
        type: 'string',
        enum: operators,
        description: 'Allowed per field: see the table above.',
      },
      'filters[0][value]': {
        type: 'string',
        description:
          `The value. \`in\` and \`between\` take a list: filters[0][value][0], filters[0][value][1]... ` +
          `(at most ${DEFAULT_LIMITS.maxValues}); \`isNull\` takes true or false.`,
      },
      'options[sortBy]': {
        type: 'string',
        enum: keys,
        description: `Default: ${sort.field} ${sort.order.toLowerCase()}.`,
      },
      'options[sortDirection]': { type: 'string', enum: ['asc', 'desc'] },
      'options[total]': {
        type: 'string',
        enum: ['estimate', 'exact', 'none'],
        default: 'estimate',
        description:
          "estimate: exact up to 1000 rows past the page, beyond it the planner's estimate with `totalEstimated: true`; " +
          'exact: always counted; none: no total, `pageInfo` instead (docs/wire-contract.md#totals).',
      },
      'options[fields]': {
        type: 'string',
        description:
          'Comma-separated fields to answer besides id (e.g. the fields a label needs); private fields stay hidden as in a whole record.',
      },
    },
    additionalProperties: false,
  };
}

function listDescription(def: ResourceDefinition): string {
  const rows = filterCapabilities(def).map(([name, ops]) => `| ${name} | ${ops.join(', ')} |`);
  return [
    `Bracket-index query (\`page\` from 0). Anything not listed here — a field, an operator, a sort key, a`,
    `repeated or unknown parameter, deeper brackets, more than ${DEFAULT_LIMITS.maxParams} parameters — answers 400`,
    'naming the parameter.',
    '',
    '| field | operators |',
    '| --- | --- |',
    ...rows,
    '',
    `Sort keys: ${sortKeys(def).join(', ')}.`,
  ].join('\n');
}

const idempotencyHeaders = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_HEADER.toLowerCase()]: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description:
        'Optional: 1 to 200 printable ASCII characters the client makes per intended create (a UUID); a retry sends the same.',
    },
  },
};

const idParams = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid', description: 'Record id' } },
  required: ['id'],
};

/** Route schemas of the generic CRUD of one definition: documentation for /docs, never validation. */
export function crudDocs(def: ResourceDefinition) {
  const tags = [def.name];
  const record = recordJsonSchema(def);
  const single = jsonResponse('The record.', { type: 'object', properties: { data: record }, required: ['data'] });
  const { one, many } = nouns(def);
  const article = /^[aeiou]/.test(one) ? 'an' : 'a';
  return {
    record,
    list: {
      tags,
      summary: `List ${many}`,
      description: listDescription(def),
      security: bearer,
      querystring: listQuerystring(def),
      response: {
        200: jsonResponse('One page and the total of matching records (or `pageInfo` with `options[total]=none`).', {
          type: 'object',
          properties: {
            data: { type: 'array', items: record, description: 'Whole records, or only `options[fields]` and id.' },
            total: { type: 'integer', minimum: 0 },
            totalEstimated: {
              type: 'boolean',
              enum: [true],
              description: "Present when `total` is the planner's estimate: more than 1000 rows past the page match.",
            },
            pageInfo: {
              type: 'object',
              properties: { hasNextPage: { type: 'boolean' }, hasPreviousPage: { type: 'boolean' } },
              required: ['hasNextPage', 'hasPreviousPage'],
            },
          },
          required: ['data'],
        }),
        ...problemResponses(400, 401, 403, 414),
      },
    },
    get: {
      tags,
      summary: `Read ${article} ${one}`,
      security: bearer,
      params: idParams,
      response: { 200: single, ...problemResponses(400, 401, 403, 404) },
    },
    create: {
      tags,
      summary: `Create ${article} ${one}`,
      description: [
        'Unknown and read-only fields are refused (400), as is any body that is not a JSON object.',
        '',
        `With an \`${IDEMPOTENCY_HEADER}\` header the create happens once per key, user and tenant for`,
        `${IDEMPOTENCY_KEY_HOURS} hours: the same request sent again answers 200 with the record as it is now and`,
        `\`${REPLAYED_HEADER}: true\`, creating nothing; the same key with another body or resource is a 422.`,
      ].join('\n'),
      security: bearer,
      headers: idempotencyHeaders,
      body: jsonSchemaOf(createSchema(def)),
      response: {
        201: single,
        200: jsonResponse(
          `A retry with an \`${IDEMPOTENCY_HEADER}\` already used: the record it created, as it is now.`,
          {
            type: 'object',
            properties: { data: record },
            required: ['data'],
          },
        ),
        ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422),
      },
    },
    update: {
      tags,
      summary: `Update ${article} ${one}`,
      description: 'Send the `version` you read and only the fields that change; a stale version answers 409.',
      security: bearer,
      params: idParams,
      body: jsonSchemaOf(patchSchema(def)),
      response: { 200: single, ...problemResponses(400, 401, 403, 404, 409, 413, 415) },
    },
    remove: {
      tags,
      summary: `Delete ${article} ${one}`,
      security: bearer,
      params: idParams,
      response: { 200: single, ...problemResponses(400, 401, 403, 404, 409) },
    },
  };
}
