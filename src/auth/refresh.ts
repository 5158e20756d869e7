import type { TokenResponse, TokenStorage } from './tokenStorage';

/** One lock name for every tab of the origin: they share the stored token, so they take turns renewing it. */
const LOCK_NAME = 'climatica.v1.token-refresh';
/** How long a tab waits for another tab's renewed token to show in its storage, and how often it looks. */
const SPENT_WAIT_MS = 2000;
const SPENT_POLL_MS = 50;

export interface RefresherOptions {
  tokens: TokenStorage;
  tokenUrl: () => string;
  client: () => { clientId: string; clientSecret: string };
  fetch?: typeof fetch;
  /** Cross-tab coordination; defaults to navigator.locks where the browser has it. */
  locks?: Pick<LockManager, 'request'> | null;
}

export interface Refresher {
  /** Renews the token after `rejected` was refused; resolves whether a usable token is stored. */
  refresh(rejected: string | null): Promise<boolean>;
}

/**
 * Single-flight token refresh. Refresh tokens rotate and a reused one revokes its whole family, so two
 * refreshes with the same refresh token would log the user out: concurrent 401s in a tab share one
 * call, and across tabs the Web Locks API serialises them; whoever comes second finds a newer token
 * in the shared storage and uses it instead of calling again. A refresh token is marked spent before
 * it is sent, so it never leaves twice, not even after a lost answer or from a browser without locks.
 */
export function createRefresher(options: RefresherOptions): Refresher {
  const { tokens } = options;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const locks = options.locks === undefined ? globalThis.navigator?.locks : options.locks;
  let inFlight: Promise<boolean> | null = null;

  const attempt = async (rejected: string | null): Promise<boolean> => {
    const current = tokens.read();
    if (current && current.accessToken !== rejected && !tokens.isExpired(current)) return true;
    if (!current?.refreshToken) {
      // Logged, and the refresh fails silently (docs/spa.md#session).
      console.error('token: refresh token is null');
      return false;
    }
    if (tokens.isSpent(current.refreshToken)) {
      // Sent before, by this tab or another: sending it again would look like a theft. Another tab's
      // answer can reach this tab's storage a moment after its lock is released (storage propagates
      // between tabs asynchronously), so wait briefly for the newer token before giving up.
      return waitForNewer(current.refreshToken);
    }
    const { clientId, clientSecret } = options.client();
    tokens.markSpent(current.refreshToken);
    try {
      const response = await doFetch(options.tokenUrl(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: clientId,
          client_secret: clientSecret,
          refresh_token: current.refreshToken,
        }),
      });
      if (!response.ok) return false;
      const body = (await response.json()) as Partial<TokenResponse>;
      if (typeof body.AccessToken !== 'string') return false;
      tokens.save(body as TokenResponse);
      return true;
    } catch (error) {
      console.error(error);
      return false;
    }
  };

  const waitForNewer = async (spent: string): Promise<boolean> => {
    for (let waited = 0; waited <= SPENT_WAIT_MS; waited += SPENT_POLL_MS) {
      const stored = tokens.read();
      if (stored && stored.refreshToken !== spent && !tokens.isExpired(stored)) return true;
      await new Promise((resolve) => setTimeout(resolve, SPENT_POLL_MS));
    }
    return false;
  };

  const run = (rejected: string | null): Promise<boolean> =>
    locks ? locks.request(LOCK_NAME, () => attempt(rejected)).then((granted) => granted) : attempt(rejected);

  return {
    refresh(rejected) {
      if (!inFlight) {
        inFlight = run(rejected).finally(() => {
          inFlight = null;
        });
      }
      return inFlight;
    },
  };
}
