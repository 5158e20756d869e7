/**
 * JSON Schemas of the storage routes, for /docs only: inputs are checked with zod in the handlers and
 * answers are written by them (see index.ts, which turns Fastify's own validation off for this service).
 */
const tags = ['storage'];

const fileMeta = {
  type: 'object',
  properties: {
    driverUid: { type: 'string', description: "The tenant's storage driver (features.storageDriverGuid)" },
    name: { type: 'string', format: 'uuid', description: 'Generated stored name' },
    fileName: { type: 'string', description: "The uploader's file name, sanitised" },
    mimeType: { type: 'string', description: 'Detected from the content' },
    size: { type: 'integer', description: 'Bytes' },
    sha256: { type: 'string', description: 'Hex digest of the content' },
    createdAt: { type: 'string', format: 'date-time' },
    createdBy: { type: ['string', 'null'] },
  },
  required: ['driverUid', 'name', 'fileName', 'mimeType', 'size', 'sha256', 'createdAt', 'createdBy'],
} as const;

const problem = {
  description: 'application/problem+json',
  type: 'object',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    errors: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const;

const problems = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, problem]));

const fileQuery = {
  type: 'object',
  properties: {
    driverUid: { type: 'string', description: "The tenant's storage driver uid" },
    name: { type: 'string', format: 'uuid', description: 'The stored name returned by the upload' },
  },
  required: ['driverUid', 'name'],
  additionalProperties: false,
} as const;

const nameParams = {
  type: 'object',
  properties: { name: { type: 'string', format: 'uuid' } },
  required: ['name'],
} as const;

const bytes = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
});

export const uploadSchema = {
  tags,
  summary: 'Upload one file',
  description:
    'multipart/form-data with one part named `file`. The type is detected from the content and must be an ' +
    'accepted one (PDF, images, Office and OpenDocument files, ZIP, UTF-8 text and CSV) that agrees with ' +
    'the file name; the size limit is STORAGE_MAX_BYTES (413 beyond it).',
  consumes: ['multipart/form-data'],
  body: {
    type: 'object',
    properties: { file: { type: 'string', format: 'binary' } },
    required: ['file'],
  },
  response: { 201: { type: 'object', properties: { data: fileMeta } }, ...problems(400, 401, 404, 413, 415) },
};

export const getSchema = {
  tags,
  summary: 'Download a file',
  description: 'The bytes, as an attachment with the original file name.',
  querystring: fileQuery,
  response: { 200: bytes('The file'), ...problems(400, 401, 404) },
};

export const getDirectlySchema = {
  tags,
  summary: 'Show a file in the browser',
  description: 'As get, but images and PDF are served inline (under a sandboxing CSP); other types still download.',
  querystring: fileQuery,
  response: { 200: bytes('The file'), ...problems(400, 401, 404) },
};

export const metaSchema = {
  tags,
  summary: "A file's metadata",
  params: nameParams,
  response: { 200: { type: 'object', properties: { data: fileMeta } }, ...problems(401, 404) },
};

export const deleteSchema = {
  tags,
  summary: 'Delete a file',
  description: 'Administrators, or the user who uploaded it.',
  params: nameParams,
  response: { 200: { type: 'object', properties: { data: fileMeta } }, ...problems(401, 403, 404) },
};
