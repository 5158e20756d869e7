import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, nestErrors } from '../../../dataProviders/http';
import { createRefresher } from '../../../src/auth/refresh';
import { createTokenStorage } from '../../../src/auth/tokenStorage';
import { sharedStorage } from './memoryStorage';

const TOKEN_URL = 'http://api/oauth2/token';
const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });

/** A fake service: accepts only the current access token; the token endpoint rotates on each refresh. */
function setup(options: { refreshToken?: string | null; refreshStatus?: number } = {}) {
  const tokens = createTokenStorage(sharedStorage());
  tokens.save({
    AccessToken: 'old',
    RefreshToken: options.refreshToken === undefined ? 'r1' : options.refreshToken,
    ExpiresIn: 900,
  });
  let valid = 'old';
  let refreshes = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === TOKEN_URL) {
      refreshes += 1;
      await new Promise((r) => setTimeout(r, 5));
      if (options.refreshStatus) return json(options.refreshStatus, { error: 'invalid_grant' });
      valid = `new${refreshes}`;
      return json(200, { AccessToken: valid, RefreshToken: `r${refreshes + 1}`, ExpiresIn: 900 });
    }
    const auth = new Headers(init?.headers).get('Authorization');
    if (auth !== `Bearer ${valid}`)
      return json(401, { title: 'Unauthorized', status: 401 }, 'application/problem+json');
    return json(200, { data: url });
  });
  const refresher = createRefresher({
    tokens,
    tokenUrl: () => TOKEN_URL,
    client: () => ({ clientId: 'backoffice', clientSecret: 'secret' }),
    fetch,
    locks: null,
  });
  const http = createHttpClient({
    tokens: { accessToken: () => tokens.read()?.accessToken ?? null, refresh: (t) => refresher.refresh(t) },
    locale: () => 'it',
    fetch,
  });
  return { http, tokens, fetch, refreshes: () => refreshes };
}

afterEach(() => vi.restoreAllMocks());

describe('http client', () => {
  it('sends the bearer token and the locale', async () => {
    const { http, fetch } = setup();
    const { json: body } = await http<{ data: string }>('http://api/a');
    expect(body.data).toBe('http://api/a');
    const headers = new Headers(fetch.mock.calls[0][1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer old');
    expect(headers.get('Accept-Language')).toBe('it');
  });

  it('reports an unreachable service as a system error (status 0), not as a session problem', async () => {
    const { http, fetch } = setup();
    fetch.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(http('http://api/x')).rejects.toMatchObject({ status: 0, message: 'app.errors.system' });
  });

  it('refreshes once for many concurrent 401s and retries each call once', async () => {
    const { http, tokens, fetch, refreshes } = setup();
    tokens.save({ AccessToken: 'stale', RefreshToken: 'r1', ExpiresIn: 900 });
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => http<{ data: string }>(`http://api/${i}`)));
    expect(results.map((r) => r.json.data)).toEqual([1, 2, 3, 4, 5].map((i) => `http://api/${i}`));
    expect(refreshes()).toBe(1);
    const tokenCall = fetch.mock.calls.find(([url]) => String(url) === TOKEN_URL)!;
    expect(Object.fromEntries(new URLSearchParams(String(tokenCall[1]?.body)))).toEqual({
      grant_type: 'refresh_token',
      client_id: 'backoffice',
      client_secret: 'secret',
      refresh_token: 'r1',
    });
    expect(tokens.read()).toMatchObject({ accessToken: 'new1', refreshToken: 'r2' });
    // 5 refused calls, 1 refresh, 5 retries.
    expect(fetch).toHaveBeenCalledTimes(11);
  });

  it('does not refresh again for a 401 on a token that was already replaced', async () => {
    const { http, tokens, refreshes } = setup();
    tokens.save({ AccessToken: 'stale', RefreshToken: 'r1', ExpiresIn: 900 });
    await http('http://api/first');
    await http('http://api/second');
    expect(refreshes()).toBe(1);
  });

  it('rethrows the 401 when the refresh fails, after a single retry at most', async () => {
    const { http, tokens, fetch } = setup({ refreshStatus: 400 });
    tokens.save({ AccessToken: 'stale', RefreshToken: 'r1', ExpiresIn: 900 });
    await expect(http('http://api/x')).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("logs 'token: refresh token is null' and fails silently without a refresh token", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { http, tokens, refreshes } = setup({ refreshToken: null });
    tokens.save({ AccessToken: 'stale', RefreshToken: null, ExpiresIn: 900 });
    await expect(http('http://api/x')).rejects.toMatchObject({ status: 401 });
    expect(error).toHaveBeenCalledWith('token: refresh token is null');
    expect(refreshes()).toBe(0);
  });

  it('serialises refreshes through the cross-tab lock when navigator.locks exists', async () => {
    const tokens = createTokenStorage(sharedStorage());
    tokens.save({ AccessToken: 'old', RefreshToken: 'r1', ExpiresIn: 900 });
    const names: string[] = [];
    const locks = { request: vi.fn(async (name: string, callback: () => unknown) => (names.push(name), callback())) };
    // Another tab refreshed while this one waited for the lock: the stored token is already new.
    const fetch = vi.fn();
    const refresher = createRefresher({
      tokens,
      tokenUrl: () => TOKEN_URL,
      client: () => ({ clientId: 'c', clientSecret: 's' }),
      fetch,
      locks: locks as never,
    });
    tokens.save({ AccessToken: 'from-other-tab', RefreshToken: 'r2', ExpiresIn: 900 });
    await expect(refresher.refresh('old')).resolves.toBe(true);
    expect(names).toEqual(['climatica.v1.token-refresh']);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('problem details', () => {
  it('become an HttpError whose body.errors react-admin puts on the form', async () => {
    const { http, fetch } = setup();
    fetch.mockImplementationOnce(async () =>
      json(
        400,
        {
          title: 'Validation failed',
          status: 400,
          detail: 'Il contatto non è valido',
          errors: [
            { path: 'email', message: 'Deve essere un indirizzo e-mail valido' },
            { path: 'address.zip', message: 'Deve essere un CAP valido (5 cifre)' },
          ],
        },
        'application/problem+json',
      ),
    );
    await expect(http('http://api/x', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 400,
      message: 'Il contatto non è valido',
      body: {
        errors: {
          email: 'Deve essere un indirizzo e-mail valido',
          address: { zip: 'Deve essere un CAP valido (5 cifre)' },
        },
      },
    });
  });

  it('turn a stale version (409) into the catalogue advice to reload', async () => {
    const { http, fetch } = setup();
    fetch.mockImplementationOnce(async () =>
      json(409, { title: 'Conflict', status: 409, detail: 'version 1 is stale' }, 'application/problem+json'),
    );
    await expect(http('http://api/x', { method: 'POST', body: { version: 1 } })).rejects.toMatchObject({
      status: 409,
      message: 'app.errors.conflict',
    });
  });

  it('keep the first message of a field', () => {
    expect(
      nestErrors([
        { path: 'a', message: 'one' },
        { path: 'a', message: 'two' },
        { path: '', message: 'form' },
      ]),
    ).toEqual({
      a: 'one',
      root: 'form',
    });
  });
});
