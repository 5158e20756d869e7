/**
 * Storage keys carry a version, so a release that changes what is stored starts clean instead of
 * misreading an old entry (docs/spa.md#storage-keys).
 */
export const TOKEN_KEY = 'climatica.v1.token';
export const TENANT_KEY = 'climatica.v1.tenant';
/** The last refresh token sent to the token endpoint (see TokenStorage.markSpent). */
export const SPENT_KEY = 'climatica.v1.token.spent';

/** The token endpoint's answer (docs/wire-contract.md#token-endpoint). */
export interface TokenResponse {
  AccessToken: string;
  RefreshToken: string | null;
  ExpiresIn: number;
}

export interface StoredToken {
  accessToken: string;
  refreshToken: string | null;
  /** Unix time (seconds) computed from ExpiresIn when the token was received (docs/spa.md#session). */
  expiresAt: number;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Renew a little early, so a request never leaves with a token that expires on the way. */
const EXPIRY_MARGIN_SECONDS = 10;

export interface TokenStorage {
  read(): StoredToken | null;
  save(response: TokenResponse): StoredToken;
  clear(): void;
  isExpired(token: StoredToken): boolean;
  lastTenant(): string | null;
  rememberTenant(tenant: string): void;
  /**
   * Refresh tokens rotate, and the server takes a reused one for a stolen one (it revokes the whole
   * session). Whoever sends a refresh token marks it spent first, in the storage every tab shares, so
   * no tab ever sends it again, even when the answer was lost on the way.
   */
  markSpent(refreshToken: string): void;
  isSpent(refreshToken: string): boolean;
}

/** localStorage is shared by the tabs of one origin, so a refresh done by one tab serves them all. */
export function createTokenStorage(
  storage: () => KeyValueStorage = () => globalThis.localStorage,
  now: () => number = () => Date.now(),
): TokenStorage {
  const seconds = () => Math.floor(now() / 1000);
  return {
    read() {
      const raw = storage().getItem(TOKEN_KEY);
      if (!raw) return null;
      try {
        const token = JSON.parse(raw) as StoredToken;
        return typeof token.accessToken === 'string' && typeof token.expiresAt === 'number' ? token : null;
      } catch {
        return null;
      }
    },
    save(response) {
      const token: StoredToken = {
        accessToken: response.AccessToken,
        refreshToken: response.RefreshToken ?? null,
        expiresAt: seconds() + Number(response.ExpiresIn),
      };
      storage().setItem(TOKEN_KEY, JSON.stringify(token));
      return token;
    },
    clear() {
      storage().removeItem(TOKEN_KEY);
      storage().removeItem(SPENT_KEY);
    },
    isExpired(token) {
      return seconds() >= token.expiresAt - EXPIRY_MARGIN_SECONDS;
    },
    lastTenant() {
      return storage().getItem(TENANT_KEY);
    },
    rememberTenant(tenant) {
      storage().setItem(TENANT_KEY, tenant);
    },
    markSpent(refreshToken) {
      storage().setItem(SPENT_KEY, refreshToken);
    },
    isSpent(refreshToken) {
      return storage().getItem(SPENT_KEY) === refreshToken;
    },
  };
}
