import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/tenancy';
import { FORM, passwordForm, startTestServer, type TestServer } from './helpers';

let server: TestServer;
let admin: { authorization: string };
beforeAll(async () => {
  server = await startTestServer({
    app: { throttle: { forgotPerAddress: 4, windowSeconds: 120 }, publicUrl: 'https://app.example.it' },
  });
  admin = await server.auth('acme', 'admin');
});
afterAll(() => server?.close());

const JSON_HEADERS = { 'content-type': 'application/json' };

const forgot = (body: unknown, remoteAddress = '10.9.0.1', headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/oauth2/password/forgot',
    payload: JSON.stringify(body),
    headers: { ...JSON_HEADERS, ...headers },
    remoteAddress,
  });

const reset = (body: unknown) =>
  server.app.inject({
    method: 'POST',
    url: '/oauth2/password/reset',
    payload: JSON.stringify(body),
    headers: JSON_HEADERS,
  });

type Mail = { id: string; date: string; from: string; to: string; subject: string; text: string };
const outbox = async (): Promise<Mail[]> => (await server.app.inject({ url: '/oauth2/dev/outbox' })).json().data;

const tokenIn = (mail: Mail) => {
  const match = /https:\/\/app\.example\.it\/#\/reset-password\?token=([^\s]+)/.exec(mail.text);
  if (!match) throw new Error(`no link in ${mail.text}`);
  return decodeURIComponent(match[1]);
};

const login = (username: string, password: string) =>
  server.app.inject({
    method: 'POST',
    url: '/oauth2/token',
    payload: passwordForm('acme', username, password),
    headers: FORM,
  });

beforeAll(async () => {
  const res = await server.app.inject({
    method: 'POST',
    url: '/oauth2/api/users',
    payload: JSON.stringify({
      username: 'giulia',
      firstName: 'Giulia',
      email: 'giulia@example.it',
      roles: ['ROLE_USER'],
      password: 'vecchia-password',
    }),
    headers: { ...admin, ...JSON_HEADERS },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
});

describe('forgot password', () => {
  it('answers 202 and the same message whether or not the user exists; only a real user gets a mail', async () => {
    const known = await forgot({ tenant: 'acme', username: 'GIULIA' });
    const unknown = await forgot({ tenant: 'acme', username: 'nessuno' });
    const otherTenant = await forgot({ tenant: 'initech', username: 'giulia' });
    for (const res of [known, unknown, otherTenant]) expect(res.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    expect(otherTenant.json()).toEqual(known.json());
    expect(known.json().message).toMatch(/link/);

    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'giulia@example.it', subject: 'Climatica: choose a new password' });
    expect(mails[0].text).toContain('Hello Giulia');
    expect(tokenIn(mails[0])).toMatch(/^acme\./);
  });

  it('writes the mail in the language of the request', async () => {
    await forgot({ tenant: 'acme', username: 'giulia' }, '10.9.0.2', { 'accept-language': 'it-IT,it;q=0.9' });
    const [latest] = await outbox();
    expect(latest.subject).toBe('Climatica: scegli una nuova password');
    expect(latest.text).toContain('Ciao Giulia');
  });

  it('answers bad bodies with a 400 problem naming the field', async () => {
    const res = await forgot({ tenant: 'acme' }, '10.9.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'username' })]);
  });

  it('is throttled per address: 429 with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await forgot({ tenant: 'acme', username: 'nessuno' }, '10.9.9.9'));
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 429]);
    expect(Number(answers[4].headers['retry-after'])).toBeGreaterThan(0);
    expect(answers[4].headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('reset password', () => {
  it('sets the new password once: the link is single-use, only the latest link works, sessions end', async () => {
    const session = await login('giulia', 'vecchia-password');
    expect(session.statusCode).toBe(200);
    await forgot({ tenant: 'acme', username: 'giulia' }, '10.9.1.1');
    const older = tokenIn((await outbox())[0]);
    await forgot({ tenant: 'acme', username: 'giulia' }, '10.9.1.1');
    const latest = tokenIn((await outbox())[0]);
    expect(latest).not.toBe(older);

    const stale = await reset({ token: older, password: 'nuova-password-1' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors).toEqual([expect.objectContaining({ path: 'token', key: 'validation.resetToken' })]);

    const weak = await reset({ token: latest, password: 'corta' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([expect.objectContaining({ path: 'password', key: 'validation.minLength' })]);

    const done = await reset({ token: latest, password: 'nuova-password-1' });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toMatch(/password/i);
    const again = await reset({ token: latest, password: 'nuova-password-2' });
    expect([again.statusCode, again.json().errors[0].path]).toEqual([400, 'token']);

    expect((await login('giulia', 'vecchia-password')).statusCode).toBe(400);
    expect((await login('giulia', 'nuova-password-1')).statusCode).toBe(200);
    const old = session.json();
    const meRes = await server.app.inject({
      url: '/oauth2/api/me',
      headers: { authorization: `Bearer ${old.AccessToken}` },
    });
    expect(meRes.statusCode).toBe(401);
  });

  it('refuses made-up and malformed tokens with the same 400', async () => {
    for (const token of ['made-up', 'acme.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'x'.repeat(500)]) {
      const res = await reset({ token, password: 'nuova-password-3' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('token');
    }
  });
});

describe('reset links expire', () => {
  it('refuses a link past its lifetime (one hour)', async () => {
    await forgot({ tenant: 'acme', username: 'giulia' }, '10.9.2.1');
    const token = tokenIn((await outbox())[0]);
    // An hour passes: the stored expiry moves into the past rather than the test waiting for it.
    await withTenant(server.db.kysely, 'acme', (trx) =>
      trx
        .updateTable('oauth2.passwordResets')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('usedAt', 'is', null)
        .execute(),
    );
    const res = await reset({ token, password: 'password-nuova' });
    expect([res.statusCode, res.json().errors[0].path]).toEqual([400, 'token']);
  });
});

describe('the dev outbox', () => {
  it('answers only the local machine', async () => {
    const remote = await server.app.inject({ url: '/oauth2/dev/outbox', remoteAddress: '192.0.2.10' });
    expect(remote.statusCode).toBe(404);
  });
});
