import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, SYSTEM_ERROR, systemErrorDetail } from '../../../dataProviders/http';
import { createRefresher } from '../../../src/auth/refresh';
import { createTokenStorage, SPENT_KEY, TOKEN_KEY } from '../../../src/auth/tokenStorage';
import { memoryStorage } from './memoryStorage';

const TOKEN_URL = 'http://api/oauth2/token';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** navigator.locks for tests: one holder at a time per name, in request order. */
function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const run = (tails.get(name) ?? Promise.resolve()).then(callback);
      tails.set(
        name,
        run.catch(() => {}),
      );
      return run;
    },
  };
}

/** A token endpoint that rotates refresh tokens and, like the real one, counts any reuse as theft. */
function tokenServer() {
  const used = new Set<string>();
  let issued = 1;
  const sent: string[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const token = new URLSearchParams(String(init?.body)).get('refresh_token')!;
    sent.push(token);
    await new Promise((r) => setTimeout(r, 5));
    if (used.has(token)) return json(400, { error: 'invalid_grant', message: 'reused' });
    used.add(token);
    issued += 1;
    return json(200, { AccessToken: `a${issued}`, RefreshToken: `r${issued}`, ExpiresIn: 900 });
  });
  return { fetch, sent };
}

const client = () => ({ clientId: 'backoffice', clientSecret: 'secret' });

afterEach(() => vi.restoreAllMocks());

describe('refresh token rotation', () => {
  it('never sends the same refresh token twice, even after a lost answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage();
    const tokens = createTokenStorage(() => storage);
    tokens.save({ AccessToken: 'a1', RefreshToken: 'r1', ExpiresIn: 900 });
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const refresher = createRefresher({ tokens, tokenUrl: () => TOKEN_URL, client, fetch, locks: null });
    await expect(refresher.refresh('a1')).resolves.toBe(false);
    await expect(refresher.refresh('a1')).resolves.toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(storage.dump()[SPENT_KEY]).toBe('r1');
  });

  it('lets two open tabs refresh once between them, and both go on with the new token', async () => {
    const storage = memoryStorage();
    const locks = fakeLocks();
    const server = tokenServer();
    const tab = () => {
      const tokens = createTokenStorage(() => storage);
      return {
        tokens,
        refresher: createRefresher({
          tokens,
          tokenUrl: () => TOKEN_URL,
          client,
          fetch: server.fetch,
          locks: locks as never,
        }),
      };
    };
    const [one, two] = [tab(), tab()];
    one.tokens.save({ AccessToken: 'a1', RefreshToken: 'r1', ExpiresIn: 900 });
    const results = await Promise.all([one.refresher.refresh('a1'), two.refresher.refresh('a1')]);
    expect(results).toEqual([true, true]);
    expect(server.sent).toEqual(['r1']);
    expect(JSON.parse(storage.dump()[TOKEN_KEY])).toMatchObject({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it('keeps rotating: each refresh sends the token the previous one returned', async () => {
    const storage = memoryStorage();
    const shared = createTokenStorage(() => storage);
    const server = tokenServer();
    shared.save({ AccessToken: 'a1', RefreshToken: 'r1', ExpiresIn: 900 });
    const refresher = createRefresher({
      tokens: shared,
      tokenUrl: () => TOKEN_URL,
      client,
      fetch: server.fetch,
      locks: null,
    });
    await refresher.refresh('a1');
    await refresher.refresh('a2');
    expect(server.sent).toEqual(['r1', 'r2']);
  });

  it("waits for another tab's renewed token that reaches this tab's storage after the lock", async () => {
    const storage = memoryStorage();
    const tokens = createTokenStorage(() => storage);
    // Another tab has sent r1 (marked spent) and released the lock; its answer is not here yet.
    tokens.save({ AccessToken: 'a1', RefreshToken: 'r1', ExpiresIn: 900 });
    tokens.markSpent('r1');
    const server = tokenServer();
    const refresher = createRefresher({ tokens, tokenUrl: () => TOKEN_URL, client, fetch: server.fetch, locks: null });
    setTimeout(() => tokens.save({ AccessToken: 'a2', RefreshToken: 'r2', ExpiresIn: 900 }), 120);
    await expect(refresher.refresh('a1')).resolves.toBe(true);
    expect(server.sent).toEqual([]);
  });

  it('gives up when no renewed token arrives for a spent one', async () => {
    const storage = memoryStorage();
    const tokens = createTokenStorage(() => storage);
    tokens.save({ AccessToken: 'a1', RefreshToken: 'r1', ExpiresIn: 900 });
    tokens.markSpent('r1');
    const server = tokenServer();
    const refresher = createRefresher({ tokens, tokenUrl: () => TOKEN_URL, client, fetch: server.fetch, locks: null });
    await expect(refresher.refresh('a1')).resolves.toBe(false);
    expect(server.sent).toEqual([]);
  });

  it('starts clean after a logout', () => {
    const storage = memoryStorage();
    const tokens = createTokenStorage(() => storage);
    tokens.save({ AccessToken: 'a1', RefreshToken: 'r1', ExpiresIn: 900 });
    tokens.markSpent('r1');
    tokens.clear();
    expect(storage.dump()).toEqual({});
  });
});

describe('system errors in the http client (docs/spa.md#errors-and-toasts)', () => {
  const setup = (response: () => Promise<Response>) => {
    const reported: unknown[] = [];
    const http = createHttpClient({
      tokens: { accessToken: () => 't', refresh: async () => false },
      onSystemError: (error) => reported.push(error),
      fetch: vi.fn(response),
    });
    return { http, reported };
  };

  it('reports a 5xx, with its detail, and throws it under the system error key', async () => {
    const { http, reported } = setup(async () =>
      json(500, { title: 'Internal Server Error', status: 500, detail: 'database unavailable' }),
    );
    const error = await http('http://api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, message: SYSTEM_ERROR });
    expect(reported).toEqual([error]);
    expect(systemErrorDetail(error as never)).toBe('HTTP 500 database unavailable');
  });

  it('reports a 502 from a proxy with its status text', async () => {
    const { http, reported } = setup(async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await http('http://api/x').catch(() => {});
    expect(systemErrorDetail(reported[0] as never)).toBe('HTTP 502 Bad Gateway');
  });

  it('reports an unreachable service', async () => {
    const { http, reported } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(http('http://api/x')).rejects.toMatchObject({ status: 0 });
    expect(reported).toHaveLength(1);
  });

  it('does not report what the user can act on (4xx) or a request the app aborted', async () => {
    const { http, reported } = setup(async () => json(404, { title: 'Not Found', status: 404 }));
    await expect(http('http://api/x')).rejects.toMatchObject({ status: 404, message: 'Not Found' });
    const controller = new AbortController();
    controller.abort();
    const aborted = setup(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(aborted.http('http://api/x', { signal: controller.signal })).rejects.toThrow('aborted');
    expect([...reported, ...aborted.reported]).toEqual([]);
  });
});
