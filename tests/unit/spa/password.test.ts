import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../dataProviders/http';
import { createTokenStorage } from '../../../src/auth/tokenStorage';
import {
  changePassword,
  formFailure,
  requestPasswordReset,
  resetPassword,
  type PasswordApiOptions,
} from '../../../src/shell/password/api';
import { matchesField } from '../../../src/shell/password/validation';
import { displayName } from '../../../src/shell/profile/api';
import { sharedStorage } from './memoryStorage';

const OAUTH2 = 'http://api/oauth2';
const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
const problem = (status: number, detail: string, errors: { path: string; message: string }[] = []) =>
  json(status, { title: 'Validation failed', status, detail, errors }, 'application/problem+json');

function options(fetch: typeof globalThis.fetch): PasswordApiOptions {
  return { oauth2Url: () => OAUTH2, locale: () => 'it', fetch };
}

async function failure(promise: Promise<unknown>, fields: string[]) {
  try {
    await promise;
  } catch (error) {
    return formFailure(error, fields);
  }
  throw new Error('expected a failure');
}

describe('forgot password', () => {
  it('posts {tenant, username} as JSON in the interface language, without a bearer token', async () => {
    const fetch = vi.fn(async () => json(202, { message: 'Se l’utente esiste…' }));
    await requestPasswordReset(options(fetch), { tenant: ' acme ', username: 'utente ' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${OAUTH2}/password/forgot`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ tenant: 'acme', username: 'utente' });
    const headers = new Headers(init.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('it');
    expect(headers.get('Authorization')).toBeNull();
  });

  it('shows a throttling answer as a message, and field errors beside their inputs', async () => {
    const throttled = await failure(
      requestPasswordReset(
        options(async () => problem(429, 'Troppi tentativi: riprova tra 5 minuti')),
        {
          tenant: 'acme',
          username: 'x',
        },
      ),
      ['username', 'tenant'],
    );
    expect(throttled).toEqual({ fields: {}, message: 'Troppi tentativi: riprova tra 5 minuti' });
    const invalid = await failure(
      requestPasswordReset(
        options(async () => problem(400, 'Invalid fields: username', [{ path: 'username', message: 'Obbligatorio' }])),
        { tenant: 'acme', username: '' },
      ),
      ['username', 'tenant'],
    );
    expect(invalid).toEqual({ fields: { username: 'Obbligatorio' }, message: null });
  });

  it('a server error or an unreachable server is a system error: its toast, nothing in the form', async () => {
    for (const answer of [
      async () => problem(503, 'Service Unavailable'),
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ]) {
      const onSystemError = vi.fn();
      const result = await failure(
        requestPasswordReset({ ...options(answer), onSystemError }, { tenant: 'acme', username: 'x' }),
        ['username', 'tenant'],
      );
      expect(result).toEqual({ fields: {}, message: null });
      expect(onSystemError).toHaveBeenCalledTimes(1);
      expect(onSystemError.mock.calls[0][0].message).toBe('app.errors.system');
    }
  });
});

describe('reset password', () => {
  it('posts {token, password}', async () => {
    const fetch = vi.fn(async () => json(200, { message: 'ok' }));
    await resetPassword(options(fetch), { token: 'tok', password: 'NuovaPassword1' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${OAUTH2}/password/reset`);
    expect(JSON.parse(String(init.body))).toEqual({ token: 'tok', password: 'NuovaPassword1' });
  });

  it("shows the server's token error as the form's message and a password error beside the input", async () => {
    const badToken = await failure(
      resetPassword(
        options(async () =>
          problem(400, 'Invalid token', [
            { path: 'token', message: 'Il link non è valido, è già stato usato o è scaduto' },
          ]),
        ),
        { token: 'x', password: 'abc' },
      ),
      ['password'],
    );
    expect(badToken).toEqual({ fields: {}, message: 'Il link non è valido, è già stato usato o è scaduto' });
    const weak = await failure(
      resetPassword(
        options(async () =>
          problem(400, 'Invalid fields: password', [{ path: 'password', message: 'Almeno 8 caratteri' }]),
        ),
        { token: 'x', password: 'abc' },
      ),
      ['password'],
    );
    expect(weak).toEqual({ fields: { password: 'Almeno 8 caratteri' }, message: null });
  });
});

describe('change password', () => {
  function session(answer: (init: RequestInit) => Response) {
    const tokens = createTokenStorage(sharedStorage());
    tokens.save({ AccessToken: 'old-access', RefreshToken: 'old-refresh', ExpiresIn: 900 });
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => answer(init ?? {}));
    const http = createHttpClient({
      tokens: { accessToken: () => tokens.read()?.accessToken ?? null, refresh: async () => false },
      fetch,
    });
    return { tokens, fetch, http };
  }

  it('stores the fresh token the server answers, so the session goes on', async () => {
    const s = session(() => json(200, { AccessToken: 'new-access', RefreshToken: 'new-refresh', ExpiresIn: 900 }));
    await changePassword(s.http, s.tokens, OAUTH2, { currentPassword: 'demo1234', newPassword: 'NuovaPassword1' });
    const [url, init] = s.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${OAUTH2}/api/me/password`);
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer old-access');
    expect(JSON.parse(String(init.body))).toEqual({ currentPassword: 'demo1234', newPassword: 'NuovaPassword1' });
    expect(s.tokens.read()).toMatchObject({ accessToken: 'new-access', refreshToken: 'new-refresh' });
  });

  it('a wrong current password is a field error beside that input, and the token stays', async () => {
    const s = session(() =>
      problem(400, 'The current password is not correct.', [
        { path: 'currentPassword', message: 'La password attuale non è corretta' },
      ]),
    );
    const result = await failure(
      changePassword(s.http, s.tokens, OAUTH2, { currentPassword: 'wrong', newPassword: 'NuovaPassword1' }),
      ['currentPassword', 'newPassword'],
    );
    expect(result).toEqual({ fields: { currentPassword: 'La password attuale non è corretta' }, message: null });
    expect(s.tokens.read()?.accessToken).toBe('old-access');
  });
});

describe('form helpers', () => {
  it('the repeated password must match', () => {
    const check = matchesField('password');
    expect(check('a', { password: 'a' })).toBeUndefined();
    expect(check('b', { password: 'a' })).toBe('pages.password.mismatch');
  });

  it("a profile's display name is the full name, else the username", () => {
    expect(displayName({ firstName: 'Mario', lastName: 'Rossi', username: 'mrossi' })).toBe('Mario Rossi');
    expect(displayName({ firstName: null, lastName: ' ', username: 'mrossi' })).toBe('mrossi');
  });
});
