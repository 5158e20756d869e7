import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { registeredRoutes } from '../../server/openapi/index';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
type Operation = {
  tags?: string[];
  summary?: string;
  parameters?: { name: string; in: string; schema: { enum?: string[] } }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
  security?: Record<string, unknown>[];
};
let doc: { openapi: string; paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

beforeAll(async () => {
  server = await startTestServer();
  const res = await server.app.inject({ url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => server?.close());

/** A schema, or the component its `$ref` names. */
function deref<T>(schema: T | { $ref: string } | undefined): T | undefined {
  if (schema && typeof schema === 'object' && '$ref' in schema) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return (doc.components.schemas as Record<string, T>)[name];
  }
  return schema as T | undefined;
}

/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the OpenAPI document at /docs/json', () => {
  it('is OpenAPI 3.1 with a bearer security scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components).toMatchObject({ securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } });
  });

  it('lists every route the server registers, each with tags and a summary', () => {
    const routes = registeredRoutes(server.app);
    // Only the docs page itself opts out (in production the SPA's static files do too).
    expect(routes.filter((r) => r.hidden).every((r) => r.url.startsWith('/docs'))).toBe(true);
    const visible = routes.filter((r) => !r.hidden);
    expect(visible.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const route of visible) {
      const operation = doc.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(`${route.method} ${route.url}: not documented`);
        continue;
      }
      if (!operation.tags?.length) missing.push(`${route.method} ${route.url}: no tags`);
      if (!operation.summary) missing.push(`${route.method} ${route.url}: no summary`);
    }
    expect(missing).toEqual([]);
  });

  it('documents the generic CRUD of every definition with its schemas and errors', () => {
    for (const def of resources) {
      const base = `/${def.service}/api/${def.endpoint}`;
      const collection = doc.paths[base];
      const item = doc.paths[`${base}/{id}`];
      expect(Object.keys(collection).sort(), def.name).toEqual(['get', 'post']);
      expect(Object.keys(item).sort(), def.name).toEqual(['delete', 'get', 'post']);
      for (const operation of [collection.get, collection.post, item.get, item.post, item.delete]) {
        expect(operation.security, def.name).toEqual([{ bearerAuth: [] }]);
        const problem = deref(operation.responses['401']?.content?.['application/problem+json']?.schema);
        expect(problem?.properties, def.name).toHaveProperty('errors');
      }
      const createBody = collection.post.requestBody?.content['application/json'].schema;
      const writable = Object.entries(def.fields).filter(([, f]) => !f.readOnly);
      expect(Object.keys(createBody?.properties ?? {}).sort(), def.name).toEqual(writable.map(([n]) => n).sort());
      expect(item.post.requestBody?.content['application/json'].schema.properties, def.name).toHaveProperty('version');
      const record = deref(
        collection.post.responses['201'].content?.['application/json'].schema.properties?.data as {
          properties: Record<string, unknown>;
        },
      )!;
      expect(record.properties).toHaveProperty('id');
      expect(record.properties).toHaveProperty('version');
      // A create takes an optional Idempotency-Key; a repeat answers 200, a key reused otherwise 422.
      const createHeaders = (collection.post.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
      expect(createHeaders, def.name).toEqual(['idempotency-key']);
      expect(Object.keys(collection.post.responses), def.name).toEqual(expect.arrayContaining(['200', '201', '422']));

      const params = Object.fromEntries((collection.get.parameters ?? []).map((p) => [p.name, p]));
      expect(Object.keys(params)).toEqual(
        expect.arrayContaining(['page', 'pageSize', 'filters[0][field]', 'filters[0][operator]', 'filters[0][value]']),
      );
      const sortable = Object.entries(def.fields).filter(([, f]) => f.sortable && !f.writeOnly);
      expect(params['options[sortBy]'].schema.enum).toEqual(expect.arrayContaining(sortable.map(([n]) => n)));
    }
  });

  it('documents the token endpoint as form-encoded', () => {
    expect(Object.keys(doc.paths['/oauth2/token'].post.requestBody?.content ?? {})).toEqual([
      'application/x-www-form-urlencoded',
    ]);
  });
});

describe('the per-section documents at /docs/json/<section>', () => {
  it('split the whole document by service, with the components each uses', async () => {
    const res = await server.app.inject({ url: '/docs/json/address-book' });
    expect(res.statusCode).toBe(200);
    const section = res.json() as typeof doc;
    expect(Object.keys(section.paths).sort()).toEqual([
      '/address-book/api/contacts',
      '/address-book/api/contacts/{id}',
      '/address-book/api/counts',
    ]);
    expect(Object.keys(section.components.schemas as object).sort()).toEqual([
      'Problem',
      'address-book.contacts.record',
    ]);
    const platform = (await server.app.inject({ url: '/docs/json/platform' })).json() as typeof doc;
    expect(Object.keys(platform.paths)).toEqual(expect.arrayContaining(['/health', '/runtime-config.json']));
    // Every path of the whole document is in exactly one section.
    const sections = ['address-book', 'sales', 'wfm', 'warehouse', 'ticketing', 'oauth2', 'storage'];
    const all = [];
    for (const name of [...sections, 'notifications', 'config', 'platform']) {
      all.push(...Object.keys((await server.app.inject({ url: `/docs/json/${name}` })).json().paths));
    }
    expect(all.sort()).toEqual(Object.keys(doc.paths).sort());
  });

  it('answers 404 naming an unknown section', async () => {
    const res = await server.app.inject({ url: '/docs/json/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/nope/);
  });
});

describe('the interactive page at /docs', () => {
  it('answers HTML whose scripts and styles come from this origin', async () => {
    const res = await server.app.inject({ url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self';/);
    const sources = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      expect(source).toMatch(/^\/docs\/static\//);
      expect((await server.app.inject({ url: source })).statusCode, source).toBe(200);
    }
    expect(res.body).not.toMatch(/<script>|<style>/);
  });
});
