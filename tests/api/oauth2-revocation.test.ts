import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, FORM, form, startTestServer, type TestServer } from './helpers';
import { baseUrl, closeServer, createNotification, openStream, userIdOf } from './notifications-sse';

/**
 * Access tokens are bound to their session (docs/tenancy-and-security.md#tokens): once the session
 * ends, by logout, by refresh-token reuse or by a password change, its access tokens answer 401 at
 * once and its notification streams close.
 */
type Tokens = { AccessToken: string; RefreshToken: string; ExpiresIn: number };

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = baseUrl(server.app);
});
afterAll(() => (server ? closeServer(server) : undefined));

const client = { client_id: CLIENT.id, client_secret: CLIENT.secret };

const refresh = (on: TestServer, refreshToken: string) =>
  on.app.inject({
    method: 'POST',
    url: '/oauth2/token',
    headers: FORM,
    payload: form({ grant_type: 'refresh_token', refresh_token: refreshToken, ...client }),
  });

const revoke = (on: TestServer, refreshToken: string) =>
  on.app.inject({
    method: 'POST',
    url: '/oauth2/revoke',
    headers: FORM,
    payload: form({ token: refreshToken, ...client }),
  });

const me = (on: TestServer, accessToken: string) =>
  on.app.inject({ url: '/oauth2/api/me', headers: { authorization: `Bearer ${accessToken}` } });

const changePassword = (accessToken: string, currentPassword: string, newPassword: string) =>
  server.app.inject({
    method: 'POST',
    url: '/oauth2/api/me/password',
    payload: JSON.stringify({ currentPassword, newPassword }),
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
  });

const bearer = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.AccessToken}` });

describe('access tokens of an ended session', () => {
  it('answer 401 right after logout; another session of the same user goes on', async () => {
    const [ended, other]: Tokens[] = [await server.login('acme', 'utente'), await server.login('acme', 'utente')];
    expect((await me(server, ended.AccessToken)).statusCode).toBe(200);
    expect((await revoke(server, ended.RefreshToken)).statusCode).toBe(200);
    const refused = await me(server, ended.AccessToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    // Every service refuses it, not only oauth2.
    const list = await server.app.inject({ url: '/address-book/api/contacts', headers: bearer(ended) });
    expect(list.statusCode).toBe(401);
    expect((await me(server, other.AccessToken)).statusCode).toBe(200);
  });

  it('answer 401 once reuse of a spent refresh token revokes the session', async () => {
    const first: Tokens = await server.login('acme', 'tecnico');
    const rotated: Tokens = (await refresh(server, first.RefreshToken)).json();
    expect((await me(server, rotated.AccessToken)).statusCode).toBe(200);
    // The spent token comes back: a copy is in someone else's hands.
    expect((await refresh(server, first.RefreshToken)).statusCode).toBe(400);
    expect((await me(server, first.AccessToken)).statusCode).toBe(401);
    expect((await me(server, rotated.AccessToken)).statusCode).toBe(401);
  });

  it("answer 401 once a password change ends the user's other sessions", async () => {
    const [here, there]: Tokens[] = [await server.login('globex', 'tecnico'), await server.login('globex', 'tecnico')];
    const changed = await changePassword(here.AccessToken, 'demo1234', 'una-nuova-password');
    expect(changed.statusCode).toBe(200);
    expect((await me(server, there.AccessToken)).statusCode).toBe(401);
    expect((await me(server, (changed.json() as Tokens).AccessToken)).statusCode).toBe(200);
  });
});

describe('notification streams of an ended session', () => {
  it('close when a password change from another session ends it, and receive nothing more', async () => {
    const [old, current]: Tokens[] = [await server.login('acme', 'admin'), await server.login('acme', 'admin')];
    const stream = await openStream(base, bearer(old));
    expect(stream.status).toBe(200);
    const userId = userIdOf(bearer(old));
    const before = await createNotification(server.db, { tenant: 'acme', userId, title: 'Prima', text: 'prima' });
    expect((await stream.next()).id).toBe(before.id);

    expect((await changePassword(current.AccessToken, 'demo1234', 'altra-password-1')).statusCode).toBe(200);
    expect(await stream.ended(3000)).toBe(true);
    await createNotification(server.db, { tenant: 'acme', userId, title: 'Dopo', text: 'dopo' });
    await expect(stream.next(500)).rejects.toThrow();
    // Reconnecting with the old token is refused.
    const again = await openStream(base, bearer(old));
    expect(again.status).toBe(401);
    again.close();
  });

  it('close on logout and on reuse detection; a stream of another session stays open', async () => {
    const [loggedOut, reused, untouched]: Tokens[] = [
      await server.login('globex', 'admin'),
      await server.login('globex', 'admin'),
      await server.login('globex', 'admin'),
    ];
    const streams = await Promise.all([loggedOut, reused, untouched].map((t) => openStream(base, bearer(t))));
    try {
      expect((await revoke(server, loggedOut.RefreshToken)).statusCode).toBe(200);
      expect(await streams[0].ended(3000)).toBe(true);

      const next: Tokens = (await refresh(server, reused.RefreshToken)).json();
      expect(next.AccessToken).toBeTruthy();
      expect((await refresh(server, reused.RefreshToken)).statusCode).toBe(400);
      expect(await streams[1].ended(3000)).toBe(true);

      expect(await streams[2].ended(500)).toBe(false);
      const userId = userIdOf(bearer(untouched));
      const note = await createNotification(server.db, { tenant: 'globex', userId, title: 'Ancora', text: 'qui' });
      expect((await streams[2].next()).id).toBe(note.id);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

// Several processes on one PostgreSQL: a revocation through one is known to the others (LISTEN/NOTIFY),
// and a process that starts later loads the revocations still relevant.
describe.skipIf(!process.env.DATABASE_URL)('revocation across server instances on one PostgreSQL', () => {
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

  it('a logout through one instance makes the other refuse the access token', async () => {
    const tokens: Tokens = await server.login('acme', 'utente');
    expect((await me(other, tokens.AccessToken)).statusCode).toBe(200);
    expect((await revoke(server, tokens.RefreshToken)).statusCode).toBe(200);
    expect(await eventually(async () => (await me(other, tokens.AccessToken)).statusCode === 401)).toBe(true);
  });

  it('an instance started after the logout refuses the access token from the start', async () => {
    const tokens: Tokens = await other.login('acme', 'tecnico');
    expect((await revoke(other, tokens.RefreshToken)).statusCode).toBe(200);
    const late = await startTestServer({ join: server });
    try {
      expect((await me(late, tokens.AccessToken)).statusCode).toBe(401);
    } finally {
      await late.close();
    }
  });
});
