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
const JSON_HEADERS = { 'content-type': 'application/json' };

const mario = {
  kind: 'person',
  firstName: 'Mario',
  lastName: 'Rossi',
  email: '  Mario.Rossi@Example.IT ',
  mobile: '333 123 4567',
  address: { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'mi' },
  privacyConsentAt: '2024-03-01T10:00:00+01:00',
};

async function create(body: unknown, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: URL,
    payload: JSON.stringify(body),
    headers: { ...admin, ...JSON_HEADERS, ...headers },
  });
}

describe('contacts CRUD', () => {
  it('creates a record, normalised, with every field and the system values', async () => {
    const res = await create(mario);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      kind: 'person',
      firstName: 'Mario',
      companyName: null,
      jobTitle: null,
      email: 'mario.rossi@example.it',
      pecEmail: null,
      phone: null,
      mobile: '+393331234567',
      address: { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI', country: 'IT' },
      privacyConsentAt: '2024-03-01T09:00:00.000Z',
      notes: null,
      createdBy: 'admin',
      updatedBy: 'admin',
      version: 1,
    });
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
    expect(data).not.toHaveProperty('tenantId');

    const read = await server.app.inject({ url: `${URL}/${data.id}`, headers: admin });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data });
  });

  it('answers 400 problem+json naming each invalid field, in the Accept-Language', async () => {
    const res = await create(
      { kind: 'person', firstName: 'A', email: 'not-an-email', nickname: 'x' },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json();
    expect(problem).toMatchObject({ type: 'about:blank', title: 'Validation failed', status: 400 });
    expect(problem.detail).toContain('email');
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { path: 'email', key: 'validation.email', params: {}, message: 'Must be a valid e-mail address' },
        {
          path: 'nickname',
          key: 'validation.unknownField',
          params: { fields: 'nickname' },
          message: expect.stringContaining('nickname'),
        },
      ]),
    );

    const italian = await create({ kind: 'company' }, { 'accept-language': 'it-IT,it;q=0.9' });
    const paths = italian.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['companyName', 'email']));
    expect(italian.json().errors.find((e: { path: string }) => e.path === 'companyName').message).not.toBe('Required');
  });

  it('refuses system fields in a create body and a bad nested address', async () => {
    const res = await create({ ...mario, id: '00000000-0000-0000-0000-000000000000', version: 3 });
    expect(res.statusCode).toBe(400);
    const zip = await create({ ...mario, address: { ...mario.address, zip: '2012' } });
    expect(zip.json().errors).toEqual([expect.objectContaining({ path: 'address.zip', key: 'validation.zip' })]);
  });

  it('sanitises rich text before storing it', async () => {
    const res = await create({
      ...mario,
      notes: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a><b>ok</b></p>',
    });
    expect(res.json().data.notes).toBe('<p>Hi <a>x</a><b>ok</b></p>');
  });

  it('updates with the version, bumps it, and answers 409 for a stale one', async () => {
    const { data } = (await create(mario)).json();
    const update = (body: unknown) =>
      server.app.inject({
        method: 'POST',
        url: `${URL}/${data.id}`,
        payload: JSON.stringify(body),
        headers: { ...admin, ...JSON_HEADERS },
      });

    const ok = await update({ version: 1, jobTitle: 'Titolare', mobile: null, phone: '02 1234567' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      jobTitle: 'Titolare',
      mobile: null,
      phone: '+39021234567',
      version: 2,
      firstName: 'Mario',
    });
    expect(ok.json().data.updatedAt >= data.updatedAt).toBe(true);

    const stale = await update({ version: 1, jobTitle: 'Altro' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ title: 'Conflict', status: 409 });

    // The merged record must still satisfy the cross-field rules.
    const noReach = await update({ version: 2, email: null, phone: null });
    expect(noReach.statusCode).toBe(400);
    expect(noReach.json().errors[0]).toMatchObject({ path: 'email', key: 'validation.oneOfRequired' });

    expect((await update({ jobTitle: 'x' })).json().errors).toEqual([expect.objectContaining({ path: 'version' })]);
    expect((await update({ version: 2, createdBy: 'me' })).statusCode).toBe(400);
  });

  it('deletes and answers the deleted record, then 404', async () => {
    const { data } = (await create(mario)).json();
    const del = await server.app.inject({ method: 'DELETE', url: `${URL}/${data.id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(del.json().data.id).toBe(data.id);
    expect((await server.app.inject({ url: `${URL}/${data.id}`, headers: admin })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'DELETE', url: `${URL}/${data.id}`, headers: admin })).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for malformed and unknown ids', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', "1' or '1'='1"]) {
      const res = await server.app.inject({ url: `${URL}/${encodeURIComponent(id)}`, headers: admin });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('maps bad bodies to problems, never 500', async () => {
    const post = (payload: string, contentType: string) =>
      server.app.inject({ method: 'POST', url: URL, payload, headers: { ...admin, 'content-type': contentType } });
    expect((await post('{"kind":', 'application/json')).statusCode).toBe(400);
    expect((await post('[]', 'application/json')).statusCode).toBe(400);
    expect((await post('null', 'application/json')).statusCode).toBe(400);
    expect((await post('"text"', 'application/json')).statusCode).toBe(400);
    expect((await post('{"__proto__":{"x":1}}', 'application/json')).statusCode).toBe(400);
    expect((await post('kind=person', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    expect((await post('kind', 'text/plain')).statusCode).toBe(415);
    const big = await post(JSON.stringify({ ...mario, notes: 'x'.repeat(2 * 1024 * 1024) }), 'application/json');
    expect(big.statusCode).toBe(413);
    expect(big.headers['content-type']).toMatch(/^application\/problem\+json/);
    const long = await create({ ...mario, notes: 'x'.repeat(20001) });
    expect(long.json().errors[0]).toMatchObject({ path: 'notes', key: 'validation.maxLength', params: { max: 20000 } });
  });
});

describe('contacts access', () => {
  it('answers 401 without a token', async () => {
    const res = await server.app.inject({ url: URL });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await server.app.inject({ url: URL, headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);
  });

  it('answers 403 to ROLE_USER for every action, and to ROLE_TECHNICIAN for every write', async () => {
    const { data } = (await create(mario)).json();
    // A technician reads the contacts of their jobs only (tests/api/wfm-technician-scope.test.ts): not this one.
    const tecnico = await server.auth('acme', 'tecnico');
    expect((await server.app.inject({ url: URL, headers: tecnico })).json().total).toBe(0);
    expect((await server.app.inject({ url: `${URL}/${data.id}`, headers: tecnico })).statusCode).toBe(404);
    for (const username of ['utente', 'tecnico']) {
      const headers = await server.auth('acme', username);
      const reads = [
        { method: 'GET' as const, url: URL },
        { method: 'GET' as const, url: `${URL}/${data.id}` },
      ];
      const calls = [
        ...(username === 'utente' ? reads : []),
        { method: 'POST' as const, url: URL, payload: mario },
        { method: 'POST' as const, url: `${URL}/${data.id}`, payload: { version: 1, jobTitle: 'x' } },
        { method: 'DELETE' as const, url: `${URL}/${data.id}` },
      ];
      for (const call of calls) {
        const res = await server.app.inject({ ...call, headers });
        expect(res.statusCode, `${username} ${call.method} ${call.url}`).toBe(403);
        expect(res.json()).toMatchObject({ title: 'Forbidden', status: 403 });
      }
    }
    expect((await server.app.inject({ url: `${URL}/${data.id}`, headers: admin })).json().data.version).toBe(1);
  });
});
