import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM, passwordForm, startTestServer, type TestServer } from './helpers';

/**
 * Login throttling (docs/tenancy-and-security.md#throttling), with clients at addresses of their own:
 * the server trusts X-Forwarded-For (TRUST_PROXY) as it would behind a reverse proxy.
 */
const LIMITS = {
  perUserAddress: 3,
  perAddress: 5,
  perUserBeforeDelay: 3,
  baseDelayMs: 1000,
  maxDelayMs: 1000,
  windowSeconds: 120,
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ app: { trustProxy: true, throttle: LIMITS } });
});
afterAll(() => server?.close());

const login = (tenant: string, username: string, password: string | undefined, from: string, lang = 'en') =>
  server.app.inject({
    method: 'POST',
    url: '/oauth2/token',
    payload: passwordForm(tenant, username, password),
    headers: { ...FORM, 'x-forwarded-for': from, 'accept-language': lang },
  });

const statuses = async (answers: Promise<{ statusCode: number }>[]) =>
  (await Promise.all(answers)).map((r) => r.statusCode);

describe('login throttling', () => {
  it("a stranger's wrong passwords from one address do not stop the user signing in from another", async () => {
    const stranger = [];
    for (let i = 0; i < 6; i++) stranger.push(await login('acme', 'admin', 'wrong', '203.0.113.1'));
    expect(stranger.map((r) => r.statusCode)).toEqual([400, 400, 400, 429, 429, 429]);
    const user = await login('acme', 'admin', undefined, '198.51.100.7');
    expect(user.statusCode).toBe(200);
  });

  it('stops guessing from one address: the pair is refused, the right password included, with Retry-After and a message', async () => {
    for (let i = 0; i < 3; i++) expect((await login('acme', 'utente', 'wrong', '203.0.113.2')).statusCode).toBe(400);
    const locked = await login('acme', 'utente', undefined, '203.0.113.2', 'it');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(120);
    expect(locked.headers['cache-control']).toBe('no-store');
    expect(locked.json()).toEqual({
      error: 'slow_down',
      error_description: expect.any(String),
      message: 'Troppi tentativi falliti: riprova tra 2 minuti',
    });
    // Another tenant's user of the same name is another pair.
    expect((await login('globex', 'utente', undefined, '203.0.113.2')).statusCode).toBe(200);
  });

  it('throttles unknown users and wrong tenants exactly like real ones', async () => {
    for (const [tenant, username, net] of [
      ['acme', 'nessuno', '203.0.113'],
      ['initech', 'admin', '198.18.0'],
    ]) {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await login(tenant, username, 'wrong', `${net}.${10 + i}`));
      // Four addresses: no pair is over its limit, and an unknown user is slowed like a known one.
      expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
      expect(answers[0].json().message).toBe('Invalid username or password');
      const again = [];
      for (let i = 0; i < 4; i++) again.push(await login(tenant, username, 'wrong', `${net}.20`));
      expect(again.map((r) => r.statusCode)).toEqual([400, 400, 400, 429]);
    }
  });

  it('refuses an address after its failures whatever usernames it tries; the same users sign in from elsewhere', async () => {
    const address = '203.0.113.30';
    const users = ['tecnico', 'nessuno', 'altro', 'tecnico', 'nessuno'];
    for (const username of users) expect((await login('acme', username, 'wrong', address)).statusCode).toBe(400);
    const locked = await login('globex', 'tecnico', undefined, address);
    expect([locked.statusCode, locked.json().error]).toEqual([429, 'slow_down']);
    expect(locked.json().message).toBe('Too many failed attempts: try again in 2 minutes');
    expect((await login('globex', 'tecnico', undefined, '198.51.100.30')).statusCode).toBe(200);
    expect((await login('acme', 'tecnico', undefined, '198.51.100.31')).statusCode).toBe(200);
  });

  it('lets a user who signed in from an address in although others guessed from there; strangers stay refused', async () => {
    const office = '203.0.113.50';
    expect((await login('globex', 'utente', undefined, office)).statusCode).toBe(200);
    const guesses = ['nessuno', 'altro', 'terzo', 'quarto', 'quinto'];
    for (const username of guesses) expect((await login('acme', username, 'wrong', office)).statusCode).toBe(400);
    expect((await login('globex', 'tecnico', undefined, office)).statusCode).toBe(429);
    expect((await login('globex', 'utente', undefined, office)).statusCode).toBe(200);
    // Known at the address, the user is still held to the pair's own limit.
    for (let i = 0; i < LIMITS.perUserAddress; i++)
      expect((await login('globex', 'utente', 'wrong', office)).statusCode).toBe(400);
    expect((await login('globex', 'utente', undefined, office)).statusCode).toBe(429);
  });

  it('slows a user guessed at from many addresses, never refuses the right password; a success starts over', async () => {
    const from = (i: number) => `192.0.2.${i}`;
    expect(await statuses([1, 2, 3].map((i) => login('globex', 'admin', 'wrong', from(i))))).toEqual([400, 400, 400]);
    const started = Date.now();
    const slowed = await login('globex', 'admin', undefined, from(4));
    expect(slowed.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LIMITS.baseDelayMs);
    // The success reset the user's count: three more failures are allowed before any wait.
    expect(await statuses([5, 6, 7].map((i) => login('globex', 'admin', 'wrong', from(i))))).toEqual([400, 400, 400]);
  });

  it('counts concurrent guesses before checking them: a burst from one address cannot slip past the limit', async () => {
    const burst = await statuses(Array.from({ length: 8 }, () => login('acme', 'admin', 'wrong', '203.0.113.40')));
    // The pair (limit 3) and the address (limit 5) are counted by separate statements: on PostgreSQL two
    // concurrent requests may take their places in the two counts in different orders, and one within the
    // pair's limit may be refused by the address's. Never more than the limit get checked; the rest wait.
    const checked = burst.filter((s) => s === 400).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(3);
    expect(burst.filter((s) => s === 429)).toHaveLength(8 - checked);
  });
});
