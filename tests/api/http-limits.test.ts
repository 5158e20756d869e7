import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM, passwordForm, startTestServer, type TestServer } from './helpers';

/**
 * The general rate limit (docs/tenancy-and-security.md#rate-limit) with a low setting, on a server
 * that trusts no proxy (TRUST_PROXY unset) and sends no HSTS (HSTS_MAX_AGE=0).
 */
const LIMIT = 6;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ app: { rateLimitPerMinute: LIMIT, hstsMaxAge: 0 } });
});
afterAll(() => server?.close());

const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  server.app.inject({ url, remoteAddress, headers });

async function signIn(username: string, remoteAddress: string): Promise<{ authorization: string }> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/oauth2/token',
    payload: passwordForm('acme', username),
    headers: FORM,
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().AccessToken}` };
}

describe('general rate limit', () => {
  it('refuses an address over the limit with 429 problem+json and Retry-After; X-Forwarded-For is ignored without TRUST_PROXY', async () => {
    const answers = [];
    for (let i = 0; i < LIMIT; i++)
      answers.push(await get('/config/acme.json', '10.5.0.1', { 'x-forwarded-for': `198.51.100.${i}` }));
    expect(answers.every((res) => res.statusCode !== 429)).toBe(true);
    const refused = await get('/config/acme.json', '10.5.0.1', { 'x-forwarded-for': '198.51.100.99' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({ status: 429, title: 'Too Many Requests', detail: expect.any(String) });
    // Another address is another key.
    expect((await get('/config/acme.json', '10.5.0.2')).statusCode).not.toBe(429);
  });

  it('counts a signed-in user wherever they come from; another user at the same address goes on', async () => {
    const luca = await signIn('tecnico', '10.6.0.1');
    const anna = await signIn('utente', '10.6.0.1');
    for (let i = 0; i < LIMIT; i++) expect((await get('/oauth2/api/me', `10.6.1.${i}`, luca)).statusCode).toBe(200);
    const refused = await get('/oauth2/api/me', '10.6.2.1', luca);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await get('/oauth2/api/me', '10.6.1.0', anna)).statusCode).toBe(200);
  });

  it('answers the token endpoint in its own RFC 6749 shape when over the limit', async () => {
    const answers = [];
    for (let i = 0; i <= LIMIT; i++)
      answers.push(
        await server.app.inject({
          method: 'POST',
          url: '/oauth2/token',
          payload: 'grant_type=nope',
          headers: FORM,
          remoteAddress: '10.7.0.1',
        }),
      );
    const refused = answers[LIMIT];
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'slow_down' });
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('never limits the health check', async () => {
    for (let i = 0; i < LIMIT * 2; i++) expect((await get('/health', '10.8.0.1')).statusCode).toBe(200);
  });

  it('sends no Strict-Transport-Security with HSTS_MAX_AGE=0', async () => {
    const res = await get('/health', '10.9.0.1');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
