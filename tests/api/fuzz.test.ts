import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { FILTER_OPERATORS } from '../../resources/schema';
import { registeredRoutes } from '../../server/openapi/index';
import { startTestServer, type TestServer } from './helpers';

/**
 * Property-based: whatever a client sends to the generic API — any query string, any JSON body,
 * any bytes labelled JSON, any id — the answer is never a 5xx, and every error is problem+json with
 * a title. 1,150 generated cases per run (see RUNS), random each run; a failure prints its seed
 * and the shrunk counterexample.
 */
const RUNS = { query: 400, create: 250, bytes: 120, update: 230, ids: 150 };

let server: TestServer;
let admin: { authorization: string };
let contactId: string;
const CONTACTS = '/address-book/api/contacts';

beforeAll(async () => {
  server = await startTestServer({ seedContacts: 3 });
  admin = await server.auth('acme', 'admin');
  const list = await server.app.inject({ url: `${CONTACTS}?pageSize=1`, headers: admin });
  contactId = list.json().data[0].id;
});
afterAll(() => server?.close());

class ServerError extends Error {}

/** Answers by status class, per property: proves the cases reach past validation, not only 400s. */
const tally = new Map<string, Map<string, number>>();
function count(property: string, res: LightMyRequestResponse): void {
  const classes = tally.get(property) ?? new Map<string, number>();
  tally.set(property, classes);
  const key = `${Math.floor(res.statusCode / 100)}xx`;
  classes.set(key, (classes.get(key) ?? 0) + 1);
}
afterAll(() => {
  for (const [property, classes] of tally) console.log(`fuzz ${property}:`, Object.fromEntries(classes));
});

/** The property itself: below 500, and a 4xx is a problem with a title. */
function check(res: LightMyRequestResponse, property = 'other'): void {
  count(property, res);
  if (res.statusCode >= 500) throw new ServerError(`${res.statusCode}: ${res.body.slice(0, 500)}`);
  if (res.statusCode < 400) return;
  if (!/^application\/problem\+json/.test(String(res.headers['content-type'])))
    throw new Error(`${res.statusCode} without problem+json: ${res.headers['content-type']} ${res.body.slice(0, 200)}`);
  const body = res.json() as { title?: unknown; status?: unknown };
  if (typeof body.title !== 'string' || body.title === '' || body.status !== res.statusCode)
    throw new Error(`malformed problem: ${res.body.slice(0, 200)}`);
}

// ---- query strings -------------------------------------------------------------------------

const fieldNames = [...new Set(resources.flatMap((def) => Object.keys(def.fields)))];
const oddText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom('', '%', '%0', '%00', '%E0%A4%A', '%ZZ', '[', ']', '[]', '[[0]]', '+', '&', '=', '__proto__'),
);
const index = fc.oneof(fc.nat({ max: 25 }), fc.constantFrom(-1, 99999, 1e21), fc.string({ maxLength: 3 }));
const key = fc.oneof(
  fc.constantFrom('page', 'pageSize', 'options[sortBy]', 'options[sortDirection]', 'q', 'filters', 'options'),
  fc.tuple(index, fc.constantFrom('field', 'operator', 'value')).map(([i, part]) => `filters[${i}][${part}]`),
  fc.tuple(index, index).map(([i, j]) => `filters[${i}][value][${j}]`),
  fc.tuple(index, index, oddText).map(([i, j, x]) => `filters[${i}][value][${j}][${x}]`),
  oddText,
);
const value = fc.oneof(
  fc.constantFrom(...fieldNames, ...FILTER_OPERATORS, 'q', 'id', 'createdAt', 'asc', 'desc', 'true', 'false', 'null'),
  fc.integer().map(String),
  fc.constantFrom('1e308', '-0', '9'.repeat(40), '0x10', 'NaN', '2024-02-30', '0000-01-01', '2024-01-01T25:00:00Z'),
  fc.uuid().map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  oddText,
  fc.string({ minLength: 400, maxLength: 700 }),
);
/** Percent-encodes the UTF-8 bytes of a text; unlike encodeURIComponent, lone surrogates do not throw. */
const percent = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
/** Most characters are percent-encoded, but `%`, brackets, `&`, `=` and `+` may stay raw. */
const encoded = (text: string, raw: boolean) =>
  text.replace(raw ? /[^A-Za-z0-9%[\]&=+._~-]/gu : /[^A-Za-z0-9._~-]/gu, (c) => percent(c));
/** Filters a definition allows, with odd values: these reach the database. */
const allowedFilters = fc.constantFrom(...resources).chain((def) => {
  const allowed = Object.entries(def.fields).flatMap(([name, field]) => field.filter.map((op) => [name, op] as const));
  if (allowed.length === 0) return fc.constant({ def, query: '' });
  const one = fc.tuple(fc.constantFrom(...allowed), fc.array(value, { minLength: 1, maxLength: 3 }));
  return fc.array(one, { minLength: 1, maxLength: 3 }).map((filters) => ({
    def,
    query: filters
      .map(([[field, op], values], i) => {
        const head = `filters[${i}][field]=${field}&filters[${i}][operator]=${op}`;
        const list = op === 'in' || op === 'between';
        return list
          ? `${head}&${values.map((v, j) => `filters[${i}][value][${j}]=${encoded(v, false)}`).join('&')}`
          : `${head}&filters[${i}][value]=${encoded(values[0], false)}`;
      })
      .join('&'),
  }));
});
const queryString = fc.oneof(
  fc
    .array(fc.tuple(key, value, fc.boolean(), fc.boolean()), { maxLength: 14 })
    .map((pairs) =>
      pairs.map(([k, v, raw, bare]) => (bare ? encoded(k, raw) : `${encoded(k, raw)}=${encoded(v, raw)}`)).join('&'),
    ),
  fc.string({ unit: 'grapheme', maxLength: 60 }).map((text) => encoded(text, true)),
  fc.nat({ max: 260 }).map((n) => Array.from({ length: n }, (_, i) => `page=${i}`).join('&')),
);

describe('fuzz: the generic API never answers 5xx', () => {
  it(`survives ${RUNS.query} arbitrary query strings on every list`, async () => {
    const anyQuery = fc.tuple(fc.constantFrom(...resources), queryString).map(([def, query]) => ({ def, query }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyQuery, allowedFilters), async ({ def, query }) => {
        const res = await server.app.inject({ url: `/${def.service}/api/${def.endpoint}?${query}`, headers: admin });
        check(res, 'query');
      }),
      { numRuns: RUNS.query },
    );
  });

  // ---- bodies --------------------------------------------------------------------------------

  const contactFields = Object.keys(resources.find((d) => d.name === 'address-book/contacts')!.fields);
  const jsonish = fc.jsonValue({ maxDepth: 4 });
  const edgeValue = fc.oneof(
    jsonish,
    fc.constantFrom('', ' ', 'a\u0000b', '\ud800', '0000-01-01T00:00:00Z', '9999-12-31', 'x'.repeat(300), -0, 1e308),
    fc.constantFrom('person', 'company', 'mario@example.it', '+39 333 1234567', '2024-03-01T10:00:00+01:00'),
    fc.record(
      { street: jsonish, zip: jsonish, city: jsonish, province: jsonish, country: jsonish },
      { requiredKeys: [] },
    ),
  );
  const contactLike = fc.dictionary(
    fc.oneof(fc.constantFrom(...contactFields, 'id', 'version', 'tenantId', '__proto__', 'constructor'), fc.string()),
    edgeValue,
    { maxKeys: 8 },
  );
  const validContact = { kind: 'company', companyName: 'Fuzz S.r.l.', email: 'fuzz@example.it' };
  const textFields = ['jobTitle', 'notes', 'companyName', 'firstName', 'lastName'];
  const plausible = fc.oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
    fc
      .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  );
  /** A valid contact with one or two fields replaced: these reach the database. */
  const mutated = fc
    .oneof(
      fc.dictionary(fc.constantFrom(...contactFields), edgeValue, { minKeys: 1, maxKeys: 2 }),
      fc.dictionary(fc.constantFrom(...textFields, 'privacyConsentAt'), plausible, { minKeys: 1, maxKeys: 3 }),
    )
    .map((changes) => ({ ...validContact, ...changes }));
  const body = fc.oneof(
    mutated.map((o) => JSON.stringify(o)),
    contactLike.map((o) => JSON.stringify(o)),
    jsonish.map((v) => JSON.stringify(v)),
    fc.constantFrom(
      '{"__proto__":{"a":1}}',
      '{"constructor":{"prototype":{}}}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      '{"kind":"person",',
      '',
      ' ',
      'null',
    ),
  );
  const contentType = fc.oneof(
    fc.constant('application/json'),
    fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json;charset=latin1',
      'text/plain',
      'application/xml',
    ),
    fc.string({ maxLength: 20 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
  );

  it(`survives ${RUNS.create} arbitrary JSON bodies on create`, async () => {
    await fc.assert(
      fc.asyncProperty(body, contentType, async (payload, type) => {
        const headers = type === '' ? admin : { ...admin, 'content-type': type };
        check(await server.app.inject({ method: 'POST', url: CONTACTS, payload, headers }), 'create');
      }),
      { numRuns: RUNS.create },
    );
  });

  it(`survives ${RUNS.bytes} arbitrary byte strings labelled JSON`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.boolean(), async (bytes, update) => {
        const url = update ? `${CONTACTS}/${contactId}` : CONTACTS;
        const headers = { ...admin, 'content-type': 'application/json' };
        check(await server.app.inject({ method: 'POST', url, payload: Buffer.from(bytes), headers }), 'bytes');
      }),
      { numRuns: RUNS.bytes },
    );
  });

  it(`survives ${RUNS.update} arbitrary updates, versions included`, async () => {
    const version = fc.oneof(fc.integer(), fc.constantFrom(0, 1, 2, 2 ** 31, 2 ** 53, 1.5, -1, '1', null, 1e308));
    await fc.assert(
      fc.asyncProperty(fc.oneof(contactLike, mutated), version, fc.nat(3), async (patch, v, mode) => {
        const url = `${CONTACTS}/${contactId}`;
        // Half the cases send the current version, so the patch reaches the database.
        const current = mode < 2 ? (await server.app.inject({ url, headers: admin })).json().data.version : v;
        const payload = JSON.stringify(mode === 3 ? patch : { ...patch, version: current });
        const headers = { ...admin, 'content-type': 'application/json' };
        check(await server.app.inject({ method: 'POST', url, payload, headers }), 'update');
      }),
      { numRuns: RUNS.update },
    );
  });

  it(`survives ${RUNS.ids} arbitrary ids on read, update and delete`, async () => {
    const id = fc.oneof(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map((s) => encoded(s, false)),
      fc.string({ minLength: 1, maxLength: 40 }).map((s) => encoded(s, true)),
      fc.uuid().map(String),
      fc.constantFrom('%', '%E0%A4%A', '..', '.', 'a'.repeat(150), '00000000-0000-0000-0000-000000000000'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...resources),
        id,
        fc.constantFrom('GET', 'POST', 'DELETE'),
        async (def, raw, method) => {
          const url = `/${def.service}/api/${def.endpoint}/${raw}`;
          const payload = method === 'POST' ? JSON.stringify({ version: 1 }) : undefined;
          const headers = method === 'POST' ? { ...admin, 'content-type': 'application/json' } : admin;
          check(await server.app.inject({ method: method as 'GET', url, payload, headers }), 'ids');
        },
      ),
      { numRuns: RUNS.ids },
    );
  });
});

// ---- malformed bodies on every route ---------------------------------------------------------

/** Bodies no route can parse: each must be a 4xx wherever a body is read. */
const UNPARSEABLE: { name: string; type: string; payload: string | Buffer }[] = [
  { name: 'truncated', type: 'application/json', payload: '{"a":' },
  { name: 'truncated record', type: 'application/json', payload: '{"version": 1, "name": "Ros' },
  { name: 'binary labelled JSON', type: 'application/json', payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]) },
  { name: 'too deep', type: 'application/json', payload: `${'['.repeat(200)}${']'.repeat(200)}` },
  { name: 'huge', type: 'application/json', payload: `{"a":"${'x'.repeat(1024 * 1024 + 16)}"}` },
  { name: 'JSON as text', type: 'text/plain', payload: '{"a":1}' },
  { name: 'XML', type: 'application/xml', payload: '<a>1</a>' },
  { name: 'multipart without boundary', type: 'multipart/form-data', payload: '{"a":1}' },
];

/** Valid JSON of the wrong shape: never a 5xx. */
const WRONG_TYPES = ['[]', '"testo"', '42', 'null', '{"version":"uno","password":[1],"tenant":{},"token":7}'];

/** A concrete URL for a route pattern: every parameter gets a plausible but unknown value. */
function concrete(url: string): string {
  return url
    .replace(':tenant', 'acme')
    .replace(':file', 'acme.json')
    .replace(':section', 'platform')
    .replace(':action', 'complete')
    .replace(/:[A-Za-z]+/g, '5b0c1f7e-3f7a-4c1e-9a53-2f0d6c1b9e44')
    .replace('*', 'x');
}

/** The token and revoke endpoints answer in RFC 6749 form, every other route in problem+json. */
function checkAny(res: LightMyRequestResponse, url: string, property: string): void {
  if (url === '/oauth2/token' || url === '/oauth2/revoke') {
    count(property, res);
    if (res.statusCode >= 500) throw new ServerError(`${url} ${res.statusCode}: ${res.body.slice(0, 300)}`);
    if (res.statusCode >= 400 && typeof (res.json() as { error?: unknown }).error !== 'string')
      throw new Error(`${url} ${res.statusCode} without an RFC 6749 error: ${res.body.slice(0, 200)}`);
    return;
  }
  check(res, property);
}

describe('fuzz: malformed bodies on every route, oauth2 included, never answer 5xx', () => {
  let globex: { authorization: string };
  beforeAll(async () => {
    // Another user than the other properties': the general rate limit counts per user.
    globex = await server.auth('globex', 'admin');
  });

  // Streams never end on their own; the rest is every route the server has.
  const routes = () =>
    registeredRoutes(server.app).filter((route) => !route.url.endsWith('/stream') && route.method !== 'HEAD');

  it('answers every unparseable body with a 4xx on every route that reads one', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      for (const body of UNPARSEABLE) {
        const url = concrete(route.url);
        const res = await server.app.inject({
          method: route.method as 'POST',
          url,
          payload: body.payload,
          headers: { ...globex, 'content-type': body.type },
        });
        try {
          checkAny(res, route.url, 'unparseable');
          if (route.method !== 'GET' && (res.statusCode < 400 || res.statusCode >= 500))
            failures.push(`${route.method} ${url} ${body.name}: ${res.statusCode}`);
        } catch (error) {
          failures.push(`${route.method} ${url} ${body.name}: ${(error as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers wrong-typed JSON without a 5xx on every route', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      for (const payload of WRONG_TYPES) {
        const url = concrete(route.url);
        const res = await server.app.inject({
          method: route.method as 'POST',
          url,
          payload,
          headers: { ...globex, 'content-type': 'application/json' },
        });
        try {
          checkAny(res, route.url, 'wrong types');
        } catch (error) {
          failures.push(`${route.method} ${url} ${payload}: ${(error as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a truncated JSON body at the token and revoke endpoints 400 invalid_request', async () => {
    for (const url of ['/oauth2/token', '/oauth2/revoke']) {
      const res = await server.app.inject({
        method: 'POST',
        url,
        payload: '{"a":',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: 'invalid_request', error_description: expect.any(String) });
      expect(res.headers['cache-control']).toBe('no-store');
      // Every answer carries HSTS (a year by default); browsers heed it over HTTPS only.
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });
});
