import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import type { ResourceDefinition } from '../../resources/schema';
import { startTestServer, type TestServer } from './helpers';

/**
 * Every generic route of every definition present at run time (so resources added later are
 * covered without touching this file) answers 401 without a token. Another tenant's id (404) and a
 * stale version (409) are checked per definition by the contract test (tests/api/contract/suite.ts),
 * on records it creates itself.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seedContacts: 0 });
});
afterAll(() => server?.close());

const JSON_TYPE = { 'content-type': 'application/json' };
const base = (def: ResourceDefinition) => `/${def.service}/api/${def.endpoint}`;

function expectProblem(res: LightMyRequestResponse, status: number, what: string): void {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(status);
  expect(res.headers['content-type'], what).toMatch(/^application\/problem\+json/);
}

describe.each(resources.map((def) => [def.name, def] as const))('%s', (_name, def) => {
  it('answers 401 without a token on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      { method: 'GET' as const, url: base(def) },
      { method: 'GET' as const, url: `${base(def)}/${id}` },
      { method: 'POST' as const, url: base(def), payload: '{}', headers: JSON_TYPE },
      { method: 'POST' as const, url: `${base(def)}/${id}`, payload: '{"version":1}', headers: JSON_TYPE },
      { method: 'DELETE' as const, url: `${base(def)}/${id}` },
    ];
    for (const call of calls) expectProblem(await server.app.inject(call), 401, `${call.method} ${call.url}`);
  });
});
