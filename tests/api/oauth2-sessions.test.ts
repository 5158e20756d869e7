import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, FORM, form, passwordForm, startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Tokens = { AccessToken: string; RefreshToken: string; ExpiresIn: number };

const token = (payload: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  server.app.inject({ method: 'POST', url: '/oauth2/token', payload, headers: { ...FORM, ...headers }, remoteAddress });

const refresh = (refreshToken: string) =>
  token(
    form({
      grant_type: 'refresh_token',
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      refresh_token: refreshToken,
    }),
  );

const revoke = (fields: Record<string, string>) =>
  server.app.inject({ method: 'POST', url: '/oauth2/revoke', payload: form(fields), headers: FORM });

const me = (accessToken: string) =>
  server.app.inject({ url: '/oauth2/api/me', headers: { authorization: `Bearer ${accessToken}` } });

const changePassword = (accessToken: string, body: unknown) =>
  server.app.inject({
    method: 'POST',
    url: '/oauth2/api/me/password',
    payload: JSON.stringify(body),
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
  });

describe('refresh token rotation', () => {
  it('ten concurrent refreshes with one token: one 200, nine 400 invalid_grant, no 5xx; being a reuse, they revoke the family', async () => {
    const login: Tokens = await server.login('acme', 'tecnico');
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(login.RefreshToken)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(400)]);
    for (const res of answers.filter((r) => r.statusCode === 400)) {
      expect(res.json()).toEqual({
        error: 'invalid_grant',
        error_description: expect.any(String),
        message: 'Your session has expired, please sign in again',
      });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // The winner's successor belongs to the revoked family: whoever raced with the owner is shut out too.
    const winner = answers.find((res) => res.statusCode === 200)!.json();
    expect((await refresh(winner.RefreshToken)).statusCode).toBe(400);
  });

  it('a refresh token names its tenant and is looked up there; a tampered one is unknown', async () => {
    const login: Tokens = await server.login('globex', 'utente');
    expect(login.RefreshToken.startsWith('globex.')).toBe(true);
    const forged = `acme.${login.RefreshToken.slice('globex.'.length)}`;
    expect((await refresh(forged)).json().error).toBe('invalid_grant');
    expect((await refresh(login.RefreshToken)).statusCode).toBe(200);
  });
});

describe('logout (RFC 7009 revocation)', () => {
  it('revokes the family of the refresh token: 200, then neither it nor its successors refresh', async () => {
    const login: Tokens = await server.login('acme', 'utente');
    const next: Tokens = (await refresh(login.RefreshToken)).json();
    const res = await revoke({
      token: next.RefreshToken,
      token_type_hint: 'refresh_token',
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect([(await refresh(next.RefreshToken)).statusCode, (await refresh(login.RefreshToken)).statusCode]).toEqual([
      400, 400,
    ]);
  });

  it('answers 200 for unknown tokens, 401 for a bad client, 400 for a missing token or an access token', async () => {
    const client = { client_id: CLIENT.id, client_secret: CLIENT.secret };
    expect((await revoke({ token: 'made-up', ...client })).statusCode).toBe(200);
    const badClient = await revoke({ token: 'made-up', client_id: CLIENT.id, client_secret: 'nope' });
    expect([badClient.statusCode, badClient.json().error]).toEqual([401, 'invalid_client']);
    const missing = await revoke(client);
    expect([missing.statusCode, missing.json().error]).toEqual([400, 'invalid_request']);
    const { authorization } = await server.auth('acme', 'admin');
    const access = await revoke({ token: authorization.slice('Bearer '.length), ...client });
    expect([access.statusCode, access.json().error]).toEqual([400, 'unsupported_token_type']);
  });
});

describe('password change (profile)', () => {
  it('GET /api/me answers the signed-in user', async () => {
    const { authorization } = await server.auth('globex', 'tecnico');
    const res = await server.app.inject({ url: '/oauth2/api/me', headers: { authorization } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        username: 'tecnico',
        firstName: null,
        lastName: null,
        email: null,
        roles: ['ROLE_TECHNICIAN'],
        tenant: 'globex',
      },
    });
  });

  it('ends every other session and answers fresh tokens for this one', async () => {
    const [here, there]: Tokens[] = [await server.login('globex', 'utente'), await server.login('globex', 'utente')];
    const wrong = await changePassword(here.AccessToken, {
      currentPassword: 'nope-nope',
      newPassword: 'nuova-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      expect.objectContaining({ path: 'currentPassword', key: 'validation.currentPassword' }),
    ]);
    const weak = await changePassword(here.AccessToken, { currentPassword: 'demo1234', newPassword: 'short' });
    expect(weak.json().errors).toEqual([expect.objectContaining({ path: 'newPassword', key: 'validation.minLength' })]);

    const res = await changePassword(here.AccessToken, { currentPassword: 'demo1234', newPassword: 'nuova-password' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh: Tokens = res.json();
    expect(Object.keys(fresh).sort()).toEqual(['AccessToken', 'ExpiresIn', 'RefreshToken']);

    // Access tokens issued before the change are refused by every service, this session's included.
    expect((await me(there.AccessToken)).statusCode).toBe(401);
    expect((await me(here.AccessToken)).statusCode).toBe(401);
    expect((await me(fresh.AccessToken)).statusCode).toBe(200);
    expect([(await refresh(there.RefreshToken)).statusCode, (await refresh(here.RefreshToken)).statusCode]).toEqual([
      400, 400,
    ]);
    expect((await refresh(fresh.RefreshToken)).statusCode).toBe(200);

    expect((await token(passwordForm('globex', 'utente'))).statusCode).toBe(400);
    expect((await token(passwordForm('globex', 'utente', 'nuova-password'))).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  it('live about 15 minutes and carry iat, exp, issuer and audience', async () => {
    const claims = decodeJwt((await server.login('acme', 'tecnico')).AccessToken);
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(Math.abs(claims.iat! - Date.now() / 1000)).toBeLessThan(5);
    expect(claims).toMatchObject({ iss: 'climatica', aud: 'climatica-api' });
  });
});
