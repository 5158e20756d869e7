import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, FORM, form, passwordForm, startTestServer, type TestServer } from './helpers';

let server: TestServer;
let admin: { authorization: string };
let globexAdmin: { authorization: string };
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
  globexAdmin = await server.auth('globex', 'admin');
});
afterAll(() => server?.close());

const URL = '/oauth2/api/users';
const JSON_HEADERS = { 'content-type': 'application/json' };

const post = (url: string, body: unknown, headers: Record<string, string> = admin) =>
  server.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { ...headers, ...JSON_HEADERS } });
const get = (url: string, headers: Record<string, string> = admin) => server.app.inject({ url, headers });

/** docs/wire-contract.md#tenant-profile-and-password: page 0, page size 25, filter username eq, newest first; the first result counts. */
const lookup = (username: string) =>
  `${URL}?page=0&pageSize=25&filters[0][field]=username&filters[0][operator]=eq&filters[0][value]=${encodeURIComponent(username)}` +
  '&options[sortBy]=createdAt&options[sortDirection]=desc';

const userIdOf = async (username: string, headers = admin) => (await get(lookup(username), headers)).json().data[0]?.id;

describe('users API (admin only, generic CRUD with the oauth2 hooks)', () => {
  let lucia: Record<string, unknown>;

  it('creates a user: 201, the record without any password, and the new user can sign in', async () => {
    const res = await post(URL, {
      username: 'lucia.bianchi',
      firstName: 'Lucia',
      lastName: 'Bianchi',
      email: 'Lucia.Bianchi@Example.IT',
      roles: ['ROLE_TECHNICIAN'],
      password: 'segreta-123',
    });
    expect(res.statusCode).toBe(201);
    lucia = res.json().data;
    expect(lucia).toMatchObject({
      username: 'lucia.bianchi',
      email: 'lucia.bianchi@example.it',
      roles: ['ROLE_TECHNICIAN'],
      disabled: false,
      createdBy: 'admin',
      version: 1,
    });
    expect(Object.keys(lucia)).not.toEqual(expect.arrayContaining(['password']));
    expect(JSON.stringify(lucia)).not.toMatch(/password|scrypt/i);

    const login = await server.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      payload: passwordForm('acme', 'LUCIA.BIANCHI', 'segreta-123'),
      headers: FORM,
    });
    expect(login.statusCode).toBe(200);
  });

  it('finds a user by username exactly as docs/wire-contract.md#tenant-profile-and-password does, and never lists a password', async () => {
    const res = await get(lookup('lucia.bianchi'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.data[0]).toMatchObject({ id: lucia.id, username: 'lucia.bianchi' });

    const all = (await get(`${URL}?pageSize=100`)).json();
    expect(all.data.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['admin', 'tecnico', 'utente', 'lucia.bianchi']),
    );
    expect(JSON.stringify(all)).not.toMatch(/password|scrypt/i);
  });

  it('filters roles by "has any of" and disabled by eq; a write-only field cannot be filtered or sorted', async () => {
    const roles = (
      await get(`${URL}?filters[0][field]=roles&filters[0][operator]=in&filters[0][value][0]=ROLE_TECHNICIAN`)
    ).json();
    expect(roles.data.map((u: { username: string }) => u.username).sort()).toEqual(['lucia.bianchi', 'tecnico']);
    const enabled = (
      await get(`${URL}?filters[0][field]=disabled&filters[0][operator]=eq&filters[0][value]=false`)
    ).json();
    expect(enabled.total).toBe(4);

    const badRole = await get(`${URL}?filters[0][field]=roles&filters[0][operator]=in&filters[0][value][0]=ROLE_KING`);
    expect(badRole.statusCode).toBe(400);
    const byPassword = await get(`${URL}?filters[0][field]=password&filters[0][operator]=eq&filters[0][value]=x`);
    expect([byPassword.statusCode, byPassword.json().errors[0].path]).toEqual([400, 'filters[0][field]']);
    expect((await get(`${URL}?options[sortBy]=password`)).statusCode).toBe(400);
  });

  it('answers a clashing username (any case) with 409 naming username', async () => {
    const res = await post(URL, { username: 'Lucia.Bianchi', roles: ['ROLE_USER'], password: 'altra-password' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'username', key: 'validation.unique' })]);
    // The same username in another tenant is another user.
    expect(
      (await post(URL, { username: 'lucia.bianchi', roles: ['ROLE_USER'], password: 'x'.repeat(8) }, globexAdmin))
        .statusCode,
    ).toBe(201);
  });

  it('validates: password required on create and 8 to 128 characters, roles from the list, safe usernames', async () => {
    const res = await post(URL, { username: 'has space', roles: [], password: 'short' });
    expect(res.statusCode).toBe(400);
    const paths = res
      .json()
      .errors.map((e: { path: string }) => e.path)
      .sort();
    expect(paths).toEqual(['password', 'roles', 'username']);
    const missing = await post(URL, { username: 'nopassword', roles: ['ROLE_USER'] });
    expect(missing.json().errors).toEqual([expect.objectContaining({ path: 'password', key: 'validation.required' })]);
    const long = await post(URL, { username: 'toolong', roles: ['ROLE_USER'], password: 'x'.repeat(129) });
    expect(long.json().errors).toEqual([expect.objectContaining({ path: 'password', key: 'validation.maxLength' })]);
    const dup = await post(URL, { username: 'dup', roles: ['ROLE_USER', 'ROLE_USER'], password: 'x'.repeat(8) });
    expect(dup.json().errors).toEqual([expect.objectContaining({ path: 'roles', key: 'validation.duplicates' })]);
  });

  it('updates with the version; a password sent as null or left out stays as it was', async () => {
    const res = await post(`${URL}/${lucia.id}`, { version: 1, firstName: 'Lucia Maria', password: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: 'Lucia Maria', version: 2, updatedBy: 'admin' });
    const login = await server.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      payload: passwordForm('acme', 'lucia.bianchi', 'segreta-123'),
      headers: FORM,
    });
    expect(login.statusCode).toBe(200);
    expect((await post(`${URL}/${lucia.id}`, { version: 1, firstName: 'Stale' })).statusCode).toBe(409);
  });

  it('is for administrators only: 403 for technicians and users, 401 without a token', async () => {
    for (const who of ['tecnico', 'utente']) {
      const headers = await server.auth('acme', who);
      expect((await get(URL, headers)).statusCode).toBe(403);
      expect((await get(`${URL}/${lucia.id}`, headers)).statusCode).toBe(403);
      expect(
        (await post(URL, { username: 'x', roles: ['ROLE_ADMIN'], password: 'x'.repeat(8) }, headers)).statusCode,
      ).toBe(403);
      // Nor can they make themselves administrators.
      const self = await userIdOf(who);
      expect((await post(`${URL}/${self}`, { version: 1, roles: ['ROLE_ADMIN'] }, headers)).statusCode).toBe(403);
    }
    expect((await server.app.inject({ url: URL })).statusCode).toBe(401);
  });

  it('never deletes a user, not even for an administrator: disable instead', async () => {
    const res = await server.app.inject({ method: 'DELETE', url: `${URL}/${lucia.id}`, headers: admin });
    expect(res.statusCode).toBe(403);
    expect((await get(`${URL}/${lucia.id}`)).statusCode).toBe(200);
  });

  it("keeps each tenant's users apart: another tenant's user is a 404 to read or change", async () => {
    const acmeUser = await get(`${URL}/${lucia.id}`, globexAdmin);
    expect(acmeUser.statusCode).toBe(404);
    const change = await post(`${URL}/${lucia.id}`, { version: 2, disabled: true }, globexAdmin);
    expect(change.statusCode).toBe(404);
    const list = (await get(`${URL}?pageSize=100`, globexAdmin)).json();
    expect(list.data.map((u: { id: string }) => u.id)).not.toContain(lucia.id);
    expect((await get(lookup('lucia.bianchi'), globexAdmin)).json().data[0].id).not.toBe(lucia.id);
    expect((await get(`${URL}/${lucia.id}`)).json().data).toMatchObject({ disabled: false, version: 2 });
  });
});

describe('the last active administrator', () => {
  it('cannot be disabled or lose the administrator role while alone; can once another one exists', async () => {
    const id = await userIdOf('admin', globexAdmin);
    const record = (await get(`${URL}/${id}`, globexAdmin)).json().data;
    const disable = await post(`${URL}/${id}`, { version: record.version, disabled: true }, globexAdmin);
    expect(disable.statusCode).toBe(409);
    expect(disable.json().errors).toEqual([expect.objectContaining({ path: 'disabled', key: 'validation.lastAdmin' })]);
    const demote = await post(`${URL}/${id}`, { version: record.version, roles: ['ROLE_USER'] }, globexAdmin);
    expect(demote.statusCode).toBe(409);
    expect(demote.json().errors).toEqual([expect.objectContaining({ path: 'roles' })]);

    const second = await post(
      URL,
      { username: 'admin2', roles: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'], password: 'seconda-admin' },
      globexAdmin,
    );
    expect(second.statusCode).toBe(201);
    const allowed = await post(`${URL}/${id}`, { version: record.version, roles: ['ROLE_USER'] }, globexAdmin);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.roles).toEqual(['ROLE_USER']);
  });
});

describe('disabling a user', () => {
  it('ends their sessions at once: the old access token is a 401, the refresh token and a login a 400', async () => {
    const created = await post(URL, { username: 'marco', roles: ['ROLE_USER'], password: 'password-marco' });
    const { id } = created.json().data;
    const tokens = (
      await server.app.inject({
        method: 'POST',
        url: '/oauth2/token',
        payload: passwordForm('acme', 'marco', 'password-marco'),
        headers: FORM,
      })
    ).json();
    const bearer = { authorization: `Bearer ${tokens.AccessToken}` };
    expect((await get('/oauth2/api/me', bearer)).statusCode).toBe(200);

    expect((await post(`${URL}/${id}`, { version: 1, disabled: true })).statusCode).toBe(200);

    expect((await get('/oauth2/api/me', bearer)).statusCode).toBe(401);
    expect((await get('/oauth2/tenant', bearer)).statusCode).toBe(401);
    const refresh = await server.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      payload: form({
        grant_type: 'refresh_token',
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        refresh_token: tokens.RefreshToken,
      }),
      headers: FORM,
    });
    expect([refresh.statusCode, refresh.json().error]).toEqual([400, 'invalid_grant']);
    const login = await server.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      payload: passwordForm('acme', 'marco', 'password-marco'),
      headers: FORM,
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ error: 'invalid_grant', message: 'Invalid username or password' });
  });
});
