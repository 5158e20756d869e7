import type { AuthProvider } from 'react-admin';
// access.ts, not the schema index: the index brings zod into the entry chunk.
import { canAccess } from '../../resources/schema/access';
import type { Action, ResourceDefinition, ServiceId } from '../../resources/schema';
import { decodeClaims, userFromClaims, type CurrentUser } from './claims';
import type { Refresher } from './refresh';
import type { TokenResponse, TokenStorage } from './tokenStorage';

export interface AuthDeps {
  tokens: TokenStorage;
  refresher: Refresher;
  tokenUrl: () => string;
  client: () => { clientId: string; clientSecret: string };
  /** When a login starts, before the token request: what the app may fetch meanwhile. */
  beforeLogin?: () => void;
  /** After the token: load the tenant's config and dictionaries (GET {oauth2}/tenant and so on). */
  afterLogin: () => Promise<void>;
  findResource: (name: string) => ResourceDefinition | undefined;
  isServiceEnabled: (service: ServiceId) => boolean;
  fetch?: typeof fetch;
}

export interface LoginParams {
  username: string;
  password: string;
  tenant: string;
}

/** Catalogue key of 'Server Error', shown when the server gives no message (docs/spa.md#errors-and-toasts). */
export const SERVER_ERROR = 'app.login.serverError';

/** react-admin's actions mapped to the definitions' access actions; anything else is refused. */
const ACTIONS: Record<string, Action> = {
  list: 'list',
  export: 'list',
  show: 'show',
  read: 'show',
  create: 'create',
  clone: 'create',
  edit: 'edit',
  delete: 'delete',
};

/**
 * Rejecting checkAuth at once makes react-admin 5.15 loop: its logout navigates to /login inside a React
 * transition and clears the query cache, the cleared auth query re-runs, rejects again before the
 * transition commits, and LogoutOnMount logs out again (thousands of history pushes, ~15 s of busy
 * page; react-admin issue #10764). Yielding a task lets the navigation commit first.
 */
const settleNavigation = () => new Promise((resolve) => setTimeout(resolve, 10));

export function currentUser(tokens: TokenStorage): CurrentUser | null {
  const token = tokens.read();
  const claims = token && decodeClaims(token.accessToken);
  return claims ? userFromClaims(claims) : null;
}

/**
 * The one policy of resources/schema/access.ts, plus: the resource's service must be enabled. Decided
 * from the session (the token's roles) and what is loaded, synchronously: no page waits on it
 * (docs/spa.md#access-from-the-session).
 */
export function accessDecider(deps: Pick<AuthDeps, 'tokens' | 'findResource' | 'isServiceEnabled'>) {
  return (resource: string | undefined, action: string): boolean => {
    const def = resource ? deps.findResource(resource) : undefined;
    const mapped = ACTIONS[action];
    const user = currentUser(deps.tokens);
    if (!def || !mapped || !user) return false;
    return deps.isServiceEnabled(def.service) && canAccess(user.roles, def, mapped);
  };
}

export function createAuthProvider(deps: AuthDeps): AuthProvider {
  const { tokens } = deps;
  const decide = accessDecider(deps);
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));

  return {
    async login({ username, password, tenant }: LoginParams) {
      const { clientId, clientSecret } = deps.client();
      deps.beforeLogin?.();
      let body: Partial<TokenResponse> & { message?: string } = {};
      let ok = false;
      try {
        const response = await doFetch(deps.tokenUrl(), {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'password',
            client_id: clientId,
            client_secret: clientSecret,
            scope: 'USERNAME',
            username,
            password,
            tenant,
          }),
        });
        ok = response.ok;
        body = ((await response.json().catch(() => ({}))) ?? {}) as typeof body;
      } catch (error) {
        console.error(error);
      }
      if (!ok || typeof body.AccessToken !== 'string') throw new Error(body.message || SERVER_ERROR);
      tokens.save(body as TokenResponse);
      tokens.rememberTenant(tenant);
      try {
        await deps.afterLogin();
      } catch (error) {
        // Without its tenant's config the app cannot work: do not leave a half-open session behind.
        console.error(error);
        tokens.clear();
        throw new Error(SERVER_ERROR, { cause: error });
      }
    },

    /**
     * Ends the session on the server too (RFC 7009 revocation of the refresh token's family), best
     * effort and briefly: storage is cleared whatever the answer, so a server that is down never keeps
     * anyone signed in.
     */
    async logout() {
      const refreshToken = tokens.read()?.refreshToken;
      if (refreshToken) {
        try {
          const { clientId, clientSecret } = deps.client();
          await doFetch(deps.tokenUrl().replace(/\/token$/, '/revoke'), {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
            body: new URLSearchParams({
              token: refreshToken,
              token_type_hint: 'refresh_token',
              client_id: clientId,
              client_secret: clientSecret,
            }),
            signal: AbortSignal.timeout(3000),
          });
        } catch (error) {
          console.error(error);
        }
      }
      tokens.clear();
    },

    /** An expired token is refreshed; if that fails, storage is cleared and react-admin goes to /login. */
    async checkAuth() {
      const token = tokens.read();
      if (token && !tokens.isExpired(token)) return;
      if (token && (await deps.refresher.refresh(token.accessToken))) return;
      tokens.clear();
      await settleNavigation();
      throw { message: token ? 'ra.auth.auth_check_error' : false };
    },

    /** The http client has already tried one refresh: a 401 reaching here means the session is over. */
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        tokens.clear();
        throw error;
      }
    },

    async getIdentity() {
      const user = currentUser(tokens);
      if (!user) throw new Error('Not logged in');
      return { ...user, fullName: user.username };
    },

    async getPermissions() {
      return currentUser(tokens)?.roles ?? [];
    },

    async canAccess({ resource, action }) {
      return decide(resource, action);
    },
  };
}
