import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let admin: { authorization: string };
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
});
afterAll(() => server?.close());

const URL = '/address-book/api/contacts';
const JSON_TYPE = { 'content-type': 'application/json' };
const valid = { kind: 'company', companyName: 'Strict S.r.l.', email: 'strict@example.it' };

/** Asserts the problem+json shape and returns the body. */
function problem(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body).toMatchObject({ type: 'about:blank', status, title: expect.any(String), detail: expect.any(String) });
  expect(Array.isArray(body.errors)).toBe(true);
  return body as { title: string; detail: string; errors: { path: string; message: string; key: string }[] };
}

const list = (query: string, headers: Record<string, string> = admin) =>
  server.app.inject({ url: `${URL}?${query}`, headers });
const post = (payload: string | Buffer, headers: Record<string, string>, url = URL) =>
  server.app.inject({ method: 'POST', url, payload, headers: { ...admin, ...headers } });

describe('list query limits: a 400 naming the parameter', () => {
  const filter = (i: number, field: string, op: string, value: string) =>
    `filters[${i}][field]=${field}&filters[${i}][operator]=${op}&filters[${i}][value]=${value}`;
  const cases: [string, string, string, RegExp][] = [
    ['an unknown parameter', 'limit=5', 'limit', /Unknown query parameter/],
    ['a repeated parameter', 'page=0&page=1', 'page', /more than once/],
    ['a page size above the limit', 'pageSize=101', 'pageSize', /1 to 100/],
    ['a page size that is no integer', 'pageSize=1e2', 'pageSize', /integer/],
    ['a page beyond the offset ceiling', 'page=1001&pageSize=100', 'page', /at most 100000/],
    ['a filter index beyond the limit', filter(20, 'kind', 'eq', 'person'), 'filters[20][field]', /Too many filters/],
    ['an unknown field', filter(0, 'salary', 'eq', '1'), 'filters[0][field]', /Unknown field/],
    ['an unknown operator', filter(0, 'kind', 'like', 'p'), 'filters[0][operator]', /Unknown operator/],
    [
      'an operator the field kind does not allow',
      filter(0, 'kind', 'contains', 'p'),
      'filters[0][operator]',
      /not allowed/,
    ],
    ['a value the field kind refuses', filter(0, 'createdAt', 'gt', 'yesterday'), 'filters[0][value]', /ISO-8601/],
    ['a year PostgreSQL has not', filter(0, 'createdAt', 'gt', '0000-01-01'), 'filters[0][value]', /ISO-8601/],
    ['a sort key the definition does not allow', 'options[sortBy]=notes', 'options[sortBy]', /Cannot sort/],
    ['a bad sort direction', 'options[sortDirection]=up', 'options[sortDirection]', /asc or desc/],
    ['brackets nested too deeply', 'filters[0][value][0][x]=1', 'filters[0][value][0][x]', /nests too deeply/],
    ['a malformed percent-encoding', 'page=%E0%A4%A', 'page', /percent-encoding/],
    ['a NUL character', filter(0, 'lastName', 'eq', 'a%00b'), 'filters[0][value]', /NUL/],
    ['an overlong value', filter(0, 'lastName', 'eq', 'x'.repeat(501)), 'filters[0][value]', /longer than 500/],
    ['an overlong name', `${'a'.repeat(80)}=1`, 'a'.repeat(64) + '...', /name longer than 64/],
  ];
  it.each(cases)('%s', async (_name, query, param, message) => {
    const body = problem(await list(query), 400);
    expect(body.errors).toContainEqual(
      expect.objectContaining({ path: param, message: expect.stringMatching(message) }),
    );
  });

  it('refuses more values in an `in` list than allowed', async () => {
    const values = Array.from({ length: 51 }, (_, i) => `filters[0][value][${i}]=person`).join('&');
    const body = problem(await list(`filters[0][field]=kind&filters[0][operator]=in&${values}`), 400);
    expect(body.errors[0]).toMatchObject({
      path: 'filters[0][value][50]',
      message: expect.stringMatching(/Too many values/),
    });
  });

  it('refuses more parameters than allowed', async () => {
    const params = Array.from({ length: 201 }, (_, i) => `p${i}=1`).join('&');
    expect(problem(await list(params), 400).detail).toMatch(/Too many query parameters/);
  });

  it('refuses query parameters on routes that take none', async () => {
    const created = await post(JSON.stringify(valid), JSON_TYPE);
    const { id } = created.json().data;
    const body = problem(await server.app.inject({ url: `${URL}/${id}?expand=all`, headers: admin }), 400);
    expect(body.errors).toEqual([expect.objectContaining({ path: 'expand' })]);
  });

  it('accepts the limits themselves', async () => {
    const values = Array.from({ length: 50 }, (_, i) => `filters[0][value][${i}]=person`).join('&');
    expect((await list(`filters[0][field]=kind&filters[0][operator]=in&${values}`)).statusCode).toBe(200);
    expect((await list('page=1000&pageSize=100')).statusCode).toBe(200);
  });
});

describe('bodies: JSON only, bounded, validated by the definition', () => {
  it('answers 415 to anything but JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data']) {
      const body = problem(await post('kind=person', { 'content-type': type }), 415);
      expect(body.detail).toMatch(/JSON/);
    }
    problem(
      await server.app.inject({ method: 'POST', url: URL, payload: 'x', headers: { ...admin, 'content-type': '' } }),
      415,
    );
  });

  it('answers 413 to a body over the limit', async () => {
    const big = JSON.stringify({ ...valid, notes: 'x'.repeat(1024 * 1024) });
    problem(await post(big, JSON_TYPE), 413);
  });

  it('answers 400 to malformed, empty or non-object JSON', async () => {
    expect(problem(await post('{"kind":', JSON_TYPE), 400).detail).toMatch(/not valid JSON/);
    expect(problem(await post('', JSON_TYPE), 400).detail).toMatch(/empty/);
    for (const payload of ['[]', '"text"', '42', 'null'])
      expect(problem(await post(payload, JSON_TYPE), 400).detail).toMatch(/JSON object/);
  });

  it('refuses prototype poisoning, naming the key', async () => {
    const proto = problem(await post('{"kind":"person","__proto__":{"isAdmin":true}}', JSON_TYPE), 400);
    expect(proto.errors[0]).toMatchObject({ path: '__proto__', message: expect.stringMatching(/prototype/) });
    const nested = problem(await post('{"address":{"constructor":{"prototype":{"x":1}}}}', JSON_TYPE), 400);
    expect(nested.errors[0].path).toBe('address.constructor.prototype');
  });

  it('bounds nesting and refuses NUL characters', async () => {
    const deep = `{"notes":${'['.repeat(40)}${']'.repeat(40)}}`;
    expect(problem(await post(deep, JSON_TYPE), 400).detail).toMatch(/deeper than 32/);
    const nul = problem(await post(JSON.stringify({ ...valid, companyName: 'a\u0000b' }), JSON_TYPE), 400);
    expect(nul.errors[0].path).toBe('companyName');
  });

  it('names every unknown and read-only field on its own path', async () => {
    const body = problem(
      await post(JSON.stringify({ ...valid, nickname: 'x', colour: 'y', id: 'z', version: 3, createdAt: 'now' }), {
        ...JSON_TYPE,
        'accept-language': 'en',
      }),
      400,
    );
    const byPath = Object.fromEntries(body.errors.map((e) => [e.path, e.key]));
    expect(byPath).toEqual({
      nickname: 'validation.unknownField',
      colour: 'validation.unknownField',
      id: 'validation.readOnly',
      version: 'validation.readOnly',
      createdAt: 'validation.readOnly',
    });
    expect(body.errors.find((e) => e.path === 'id')?.message).toBe('Cannot be written: id is set by the server');
  });

  it('names a nested unknown key with its full path', async () => {
    const address = { street: 'Via Roma', zip: '20121', city: 'Milano', province: 'MI', floor: 3 };
    const body = problem(await post(JSON.stringify({ ...valid, address }), JSON_TYPE), 400);
    expect(body.errors).toContainEqual(
      expect.objectContaining({ path: 'address.floor', key: 'validation.unknownField' }),
    );
  });

  it('speaks the Accept-Language in field messages', async () => {
    const body = problem(
      await post(JSON.stringify({ ...valid, email: 'nope' }), { ...JSON_TYPE, 'accept-language': 'it-IT,it;q=0.9' }),
      400,
    );
    expect(body.errors[0]).toMatchObject({ path: 'email', key: 'validation.email' });
    expect(body.errors[0].message).not.toBe('Must be a valid e-mail address');
  });
});

describe('optimistic concurrency', () => {
  it('answers 409 to a stale version and 400 to a missing one', async () => {
    const { id } = (await post(JSON.stringify(valid), JSON_TYPE)).json().data;
    const update = (payload: object) => post(JSON.stringify(payload), JSON_TYPE, `${URL}/${id}`);
    expect((await update({ version: 1, jobTitle: 'Primo' })).json().data.version).toBe(2);
    expect(problem(await update({ version: 1, jobTitle: 'Secondo' }), 409).detail).toMatch(
      /version 1.*current one is 2/,
    );
    expect(problem(await update({ jobTitle: 'Terzo' }), 400).errors[0].path).toBe('version');
    expect(problem(await update({ version: '2', jobTitle: 'Terzo' }), 400).errors[0].path).toBe('version');
  });
});

describe('framework errors are problems too', () => {
  it('answers a malformed URL, an unknown route and a wrong method with problem+json', async () => {
    problem(await server.app.inject({ url: `${URL}/%E0%A4%A`, headers: admin }), 400);
    problem(await server.app.inject({ url: '/no/such/route' }), 404);
    problem(await server.app.inject({ method: 'PUT', url: `${URL}/x`, headers: admin }), 404);
    problem(await server.app.inject({ method: 'PATCH', url: URL, headers: admin }), 404);
  });

  it('answers 404 to malformed or unknown ids, 414 to absurdly long ones', async () => {
    problem(await server.app.inject({ url: `${URL}/not-a-uuid`, headers: admin }), 404);
    problem(await server.app.inject({ url: `${URL}/00000000-0000-4000-8000-000000000000`, headers: admin }), 404);
    problem(await server.app.inject({ url: `${URL}/${'a'.repeat(200)}`, headers: admin }), 414);
  });

  it('answers 401 without or with a bad token, 403 to a role that may not', async () => {
    expect(problem(await server.app.inject({ url: URL }), 401).detail).toMatch(/bearer/);
    problem(await server.app.inject({ url: URL, headers: { authorization: 'Bearer abc.def.ghi' } }), 401);
    problem(await server.app.inject({ url: URL, headers: { authorization: 'Basic YTpi' } }), 401);
    problem(await server.app.inject({ url: URL, headers: await server.auth('acme', 'utente') }), 403);
  });
});

describe('request ids and security headers', () => {
  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const mine = await server.app.inject({ url: '/health', headers: { 'x-request-id': 'lb-0123456789abcdef' } });
    expect(mine.headers['x-request-id']).toBe('lb-0123456789abcdef');
    const bad = await server.app.inject({ url: '/health', headers: { 'x-request-id': 'x\u0001<script>' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const error = await server.app.inject({ url: `${URL}/%E0%A4%A` });
    expect(error.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the security headers on answers and errors alike', async () => {
    for (const res of [
      await server.app.inject({ url: '/runtime-config.json' }),
      await server.app.inject({ url: URL }),
      await server.app.inject({ url: '/nowhere' }),
      await server.app.inject({ url: `${URL}/%E0%A4%A` }),
    ]) {
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self';/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
    }
  });

  it('keeps authenticated answers out of shared caches', async () => {
    expect((await list('pageSize=1')).headers['cache-control']).toBe('no-store');
  });
});

describe('requests the HTTP parser refuses', () => {
  /** Writes raw bytes to a real socket and reads the whole answer. */
  async function raw(request: string): Promise<string> {
    const { port } = server.app.server.address() as AddressInfo;
    return new Promise((done, fail) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () => done(answer));
      socket.on('error', fail);
    });
  }

  beforeAll(async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('answers oversized headers with a 431 problem', async () => {
    const answer = await raw(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/Content-Type: application\/problem\+json/);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ type: 'about:blank', status: 431, title: 'Request Header Fields Too Large' });
  });

  it('answers garbage with a 400 problem', async () => {
    const answer = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/application\/problem\+json/);
  });
});
