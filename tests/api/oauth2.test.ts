import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, FORM, form, passwordForm, startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const token = (payload: string, headers: Record<string, string> = FORM) =>
  server.app.inject({ method: 'POST', url: '/oauth2/token', payload, headers });

const refreshForm = (refreshToken: string) =>
  form({
    grant_type: 'refresh_token',
    client_id: CLIENT.id,
    client_secret: CLIENT.secret,
    refresh_token: refreshToken,
  });

describe('password grant', () => {
  it('answers the three fields, no-store, and a JWT carrying username, roles and tenant', async () => {
    const res = await token(passwordForm('acme', 'admin'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['AccessToken', 'ExpiresIn', 'RefreshToken']);
    expect(body.ExpiresIn).toBe(900);
    expect(decodeProtectedHeader(body.AccessToken).alg).toBe('EdDSA');
    const claims = decodeJwt(body.AccessToken);
    expect(claims).toMatchObject({
      username: 'admin',
      groups: ['role:ROLE_ADMIN', 'tenant:acme'],
      iss: 'climatica',
      aud: 'climatica-api',
    });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(typeof claims.sub).toBe('string');
  });

  it('gives each demo user its role, with the username case-insensitive', async () => {
    const tech = decodeJwt((await token(passwordForm('globex', 'TECNICO'))).json().AccessToken);
    expect(tech).toMatchObject({ username: 'tecnico', groups: ['role:ROLE_TECHNICIAN', 'tenant:globex'] });
  });

  it('answers a wrong password, unknown user and wrong tenant alike: 400 invalid_grant with a message', async () => {
    const bodies = [];
    for (const payload of [
      passwordForm('acme', 'admin', 'wrong'),
      passwordForm('acme', 'nobody'),
      passwordForm('initech', 'admin'),
    ]) {
      const res = await token(payload);
      expect(res.statusCode).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      bodies.push(res.json());
    }
    expect(bodies[0]).toEqual({
      error: 'invalid_grant',
      error_description: expect.any(String),
      message: 'Invalid username or password',
    });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it('speaks Italian to an Italian browser', async () => {
    const res = await token(passwordForm('acme', 'admin', 'wrong'), {
      ...FORM,
      'accept-language': 'it-IT,it;q=0.9,en;q=0.8',
    });
    expect(res.json().message).toBe('Nome utente o password non validi');
  });

  it('rejects a wrong client secret or unknown client with 401 invalid_client', async () => {
    for (const extra of [{ client_secret: 'nope' }, { client_id: 'other' }] as Record<string, string>[]) {
      const res = await token(passwordForm('acme', 'admin', 'demo1234', extra));
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('invalid_client');
    }
  });

  it('accepts client credentials in HTTP Basic too', async () => {
    const payload = form({ grant_type: 'password', username: 'admin', password: 'demo1234', tenant: 'acme' });
    const basic = Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64');
    expect((await token(payload, { ...FORM, authorization: `Basic ${basic}` })).statusCode).toBe(200);
  });

  it('answers missing fields, bad grant types and bad bodies with 400 in RFC 6749 form', async () => {
    const missing = await token(
      form({ grant_type: 'password', client_id: CLIENT.id, client_secret: CLIENT.secret, username: 'admin' }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'Missing parameter(s): password, tenant',
    });

    const noGrant = await token(form({ client_id: CLIENT.id, client_secret: CLIENT.secret }));
    expect(noGrant.json().error).toBe('invalid_request');
    const badGrant = await token(
      form({ grant_type: 'client_credentials', client_id: CLIENT.id, client_secret: CLIENT.secret }),
    );
    expect([badGrant.statusCode, badGrant.json().error]).toEqual([400, 'unsupported_grant_type']);
    const badScope = await token(passwordForm('acme', 'admin', 'demo1234', { scope: 'EVERYTHING' }));
    expect(badScope.json().error).toBe('invalid_scope');

    const xml = await token('<x/>', { 'content-type': 'application/xml' });
    expect([xml.statusCode, xml.json().error]).toEqual([400, 'invalid_request']);
    const repeated = await token(`${passwordForm('acme', 'admin')}&username=utente`);
    expect([repeated.statusCode, repeated.json().error]).toEqual([400, 'invalid_request']);
  });
});

describe('refresh grant', () => {
  it('rotates: the new token works, the spent one does not', async () => {
    const first = (await token(passwordForm('acme', 'admin'))).json();
    const second = await token(refreshForm(first.RefreshToken));
    expect(second.statusCode).toBe(200);
    expect(second.headers['cache-control']).toBe('no-store');
    const body = second.json();
    expect(body.RefreshToken).not.toBe(first.RefreshToken);
    expect(decodeJwt(body.AccessToken)).toMatchObject({
      username: 'admin',
      groups: ['role:ROLE_ADMIN', 'tenant:acme'],
    });

    const third = await token(refreshForm(body.RefreshToken));
    expect(third.statusCode).toBe(200);
  });

  it('revokes the whole family when a spent token is reused', async () => {
    const login = (await token(passwordForm('acme', 'utente'))).json();
    const next = (await token(refreshForm(login.RefreshToken))).json();

    const reuse = await token(refreshForm(login.RefreshToken));
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant', message: expect.any(String) });
    // The legitimate successor dies with the family.
    const successor = await token(refreshForm(next.RefreshToken));
    expect([successor.statusCode, successor.json().error]).toEqual([400, 'invalid_grant']);

    // Another login's family is untouched.
    const other = (await token(passwordForm('acme', 'utente'))).json();
    expect((await token(refreshForm(other.RefreshToken))).statusCode).toBe(200);
  });

  it('rejects unknown and missing refresh tokens', async () => {
    expect((await token(refreshForm('made-up'))).json().error).toBe('invalid_grant');
    const missing = await token(
      form({ grant_type: 'refresh_token', client_id: CLIENT.id, client_secret: CLIENT.secret }),
    );
    expect([missing.statusCode, missing.json().error]).toEqual([400, 'invalid_request']);
  });
});

describe('GET /oauth2/tenant', () => {
  it("answers the token's tenant and its config file URL", async () => {
    const res = await server.app.inject({ url: '/oauth2/tenant', headers: await server.auth('globex', 'utente') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { id: 'globex', name: 'Globex Refrigerazione S.p.A.', configFileUrl: '/config/globex.json' },
    });
  });

  it('answers 401 problem+json without a token or with a forged one', async () => {
    const none = await server.app.inject({ url: '/oauth2/tenant' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(none.json()).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401 });

    const { authorization } = await server.auth('acme', 'admin');
    const [header, payload, signature] = authorization.slice('Bearer '.length).split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, groups: ['role:ROLE_ADMIN', 'tenant:globex'] })).toString(
      'base64url',
    );
    const res = await server.app.inject({
      url: '/oauth2/tenant',
      headers: { authorization: `Bearer ${header}.${forged}.${signature}` },
    });
    expect(res.statusCode).toBe(401);
  });
});
