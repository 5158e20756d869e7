import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM, passwordForm, startTestServer, type TestServer } from './helpers';

/**
 * Verifying a token reads the user's state from memory (docs/tenancy-and-security.md#tokens); these prove
 * that memory never outlives a change: whatever path disables a user or ends their sessions (the API, a
 * password change, plain SQL, another process), the next request with an old token is a 401.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL (then also across two server processes).
 */
let server: TestServer;
let admin: { authorization: string };
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
});
afterAll(() => server?.close());

const USERS = '/oauth2/api/users';
const JSON_HEADERS = { 'content-type': 'application/json' };

const session = (on: TestServer, accessToken: string) =>
  on.app.inject({ url: '/oauth2/session', headers: { authorization: `Bearer ${accessToken}` } });

const write = (url: string, body: unknown, headers: Record<string, string> = admin) =>
  server.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { ...headers, ...JSON_HEADERS } });

const signIn = async (on: TestServer, tenant: string, username: string, password: string): Promise<string> => {
  const res = await on.app.inject({
    method: 'POST',
    url: '/oauth2/token',
    payload: passwordForm(tenant, username, password),
    headers: FORM,
  });
  expect(res.statusCode).toBe(200);
  return res.json().AccessToken as string;
};

let made = 0;
/** A user of acme of its own (each test changes its user), and an access token of theirs. */
const freshUser = async (roles = ['ROLE_USER']) => {
  const username = `stato.${++made}`;
  const password = `password-${made}-stato`;
  const created = await write(USERS, { username, roles, password });
  expect(created.statusCode).toBe(201);
  const { id, version } = created.json().data as { id: string; version: number };
  return { id, version, username, password, token: await signIn(server, 'acme', username, password) };
};

/** Plain SQL, as an operator would type it: no hook, no session revoked. */
const setDisabled = (id: string, disabled: boolean) =>
  sql`update oauth2.users set disabled = ${disabled} where tenant_id = 'acme' and id = ${id}`.execute(server.db.kysely);

describe('GET /oauth2/session', () => {
  it("answers the token's user, roles, tenant and session, uncached; 401 without a valid token", async () => {
    const tokens = await server.login('acme', 'tecnico');
    const res = await session(server, tokens.AccessToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const claims = decodeJwt(tokens.AccessToken);
    expect(res.json().data).toEqual({
      id: claims.sub,
      username: 'tecnico',
      roles: ['ROLE_TECHNICIAN'],
      tenant: 'acme',
      sessionId: claims.sid,
    });
    expect((await server.app.inject({ url: '/oauth2/session' })).statusCode).toBe(401);
    const tampered = `${tokens.AccessToken.slice(0, -4)}AAAA`;
    expect((await session(server, tampered)).statusCode).toBe(401);
  });
});

describe('user changes reach token checks at once, in the process that made them', () => {
  it('disabling through the API: the next request is a 401', async () => {
    const user = await freshUser();
    expect((await session(server, user.token)).statusCode).toBe(200);
    expect((await write(`${USERS}/${user.id}`, { version: user.version, disabled: true })).statusCode).toBe(200);
    expect((await session(server, user.token)).statusCode).toBe(401);
  });

  it('a role change or a new password set by an administrator refuses the tokens issued before', async () => {
    const promoted = await freshUser();
    const reset = await freshUser();
    for (const user of [promoted, reset]) expect((await session(server, user.token)).statusCode).toBe(200);

    const roles = await write(`${USERS}/${promoted.id}`, { version: promoted.version, roles: ['ROLE_TECHNICIAN'] });
    expect(roles.statusCode).toBe(200);
    const password = await write(`${USERS}/${reset.id}`, { version: reset.version, password: 'tutta-nuova-123' });
    expect(password.statusCode).toBe(200);

    for (const user of [promoted, reset]) expect((await session(server, user.token)).statusCode).toBe(401);
    // A token issued afterwards carries the change and works.
    const fresh = await signIn(server, 'acme', promoted.username, promoted.password);
    expect((await session(server, fresh)).json().data.roles).toEqual(['ROLE_TECHNICIAN']);
  });

  it('plain SQL: disabling refuses the token, enabling again accepts it (nothing stale either way)', async () => {
    const user = await freshUser();
    expect((await session(server, user.token)).statusCode).toBe(200);
    // Several rounds: on PostgreSQL a change heard only through the listening connection would lose some.
    for (let round = 0; round < 5; round++) {
      await setDisabled(user.id, true);
      expect((await session(server, user.token)).statusCode).toBe(401);
      await setDisabled(user.id, false);
      expect((await session(server, user.token)).statusCode).toBe(200);
    }
  });

  it('plain SQL: moving tokens_valid_after past the token, or deleting the user, refuses it', async () => {
    const moved = await freshUser();
    const deleted = await freshUser();
    for (const user of [moved, deleted]) expect((await session(server, user.token)).statusCode).toBe(200);
    await sql`update oauth2.users set tokens_valid_after = now() + interval '1 minute'
      where tenant_id = 'acme' and id = ${moved.id}`.execute(server.db.kysely);
    await sql`delete from oauth2.users where tenant_id = 'acme' and id = ${deleted.id}`.execute(server.db.kysely);
    for (const user of [moved, deleted]) expect((await session(server, user.token)).statusCode).toBe(401);
  });

  it('is kept per tenant: a disabled user of another tenant with the same id changes nothing', async () => {
    const user = await freshUser();
    expect((await session(server, user.token)).statusCode).toBe(200);
    // Users are keyed by tenant and id: the same id may exist in another tenant.
    await sql`insert into oauth2.users (tenant_id, id, username, password_hash, roles)
      select 'globex', id, 'gemello', password_hash, roles from oauth2.users
      where tenant_id = 'acme' and id = ${user.id}`.execute(server.db.kysely);
    await sql`update oauth2.users set disabled = true where tenant_id = 'globex' and id = ${user.id}`.execute(
      server.db.kysely,
    );
    expect((await session(server, user.token)).statusCode).toBe(200);
    await setDisabled(user.id, true);
    expect((await session(server, user.token)).statusCode).toBe(401);
  });
});

describe('password hashing on its own worker', () => {
  it('a burst of logins all succeed while the server keeps answering other requests', async () => {
    const logins = Array.from({ length: 6 }, (_, i) =>
      server.app.inject({
        method: 'POST',
        url: '/oauth2/token',
        payload: passwordForm(i % 2 ? 'globex' : 'acme', ['admin', 'tecnico', 'utente'][i % 3]),
        headers: FORM,
      }),
    );
    // Answered while the hashes are being computed (the bench measures how quickly).
    const others = [server.app.inject({ url: '/health' }), server.app.inject({ url: '/runtime-config.json' })];
    const wrong = server.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      payload: passwordForm('acme', 'nessuno', 'sbagliata-123'),
      headers: FORM,
    });
    for (const res of await Promise.all(others)) expect(res.statusCode).toBe(200);
    for (const res of await Promise.all(logins)) expect(res.statusCode).toBe(200);
    expect((await wrong).json().error).toBe('invalid_grant');
  });
});

// Two processes on one PostgreSQL: a change made through one reaches the other's memory (LISTEN/NOTIFY).
describe.skipIf(!process.env.DATABASE_URL)('user changes across server instances on one PostgreSQL', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({ join: server });
  });
  afterAll(() => other?.close());

  const eventually = async (check: () => Promise<boolean>, timeoutMs = 3000) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  };

  it('disabling a user through one instance makes the other refuse its token', async () => {
    const user = await freshUser();
    // The other instance has the user in memory now.
    expect((await session(other, user.token)).statusCode).toBe(200);
    expect((await write(`${USERS}/${user.id}`, { version: user.version, disabled: true })).statusCode).toBe(200);
    expect(await eventually(async () => (await session(other, user.token)).statusCode === 401)).toBe(true);
  });

  it('plain SQL on the shared database reaches the other instance both ways', async () => {
    const user = await freshUser();
    expect((await session(other, user.token)).statusCode).toBe(200);
    await setDisabled(user.id, true);
    expect(await eventually(async () => (await session(other, user.token)).statusCode === 401)).toBe(true);
    await setDisabled(user.id, false);
    expect(await eventually(async () => (await session(other, user.token)).statusCode === 200)).toBe(true);
  });
});
