import type { CurrentUser } from '../../auth/claims';
import { admits } from './middleware';
import type { RouteParams, RouteValidator } from './validation';

/**
 * Who may open a route: `public` pages need no session (forgot and reset password), `guest` is the
 * login page (a signed-in user is sent to /), `user` pages need a session.
 */
export type RouteAccess = 'public' | 'guest' | 'user';

/** What the navigation pipeline needs to know about a route. */
export interface NavigationRoute {
  access: RouteAccess;
  /** Names from the middleware registry; all must admit the user. */
  middleware: readonly string[];
  /** The microservice the route belongs to; the route disappears when the tenant does not enable it. */
  module: string | null;
  validate?: RouteValidator;
}

/** A step answers at once when it can (a fresh token, a loaded config): no flash on a plain navigation. */
export type MaybePromise<T> = T | Promise<T>;

export interface NavigationSteps {
  /** Step 2: the config and dictionaries of the session's tenant, loaded when missing or stale. */
  loadConfig(): MaybePromise<void>;
  /** Logged when the config cannot be loaded: the navigation goes on with what is there (docs/spa.md#navigation-pipeline). */
  configError(error: unknown): void;
  /** Step 3: whether there is a session, refreshing an expired token (and clearing storage when that fails). */
  authenticate(): MaybePromise<boolean>;
  /** Step 4. */
  maintenance(): boolean;
  moduleEnabled(module: string): boolean;
  user(): CurrentUser | null;
}

export type Outcome =
  | { kind: 'render' }
  | { kind: 'not-found' }
  /** No session: storage is cleared and the user goes to /login. */
  | { kind: 'login' }
  | { kind: 'redirect'; to: string }
  | { kind: 'maintenance' }
  | { kind: 'denied' };

const RENDER: Outcome = { kind: 'render' };
const NOT_FOUND: Outcome = { kind: 'not-found' };

export const isPromise = <T>(value: MaybePromise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

function then<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return isPromise(value) ? value.then(next) : next(value);
}

/** Step 2 never stops a navigation: a failure is logged and the pipeline goes on. */
function loadConfig(steps: NavigationSteps): MaybePromise<void> {
  try {
    const loading = steps.loadConfig();
    return isPromise(loading) ? loading.catch((error: unknown) => steps.configError(error)) : undefined;
  } catch (error) {
    steps.configError(error);
  }
}

/**
 * The navigation rules (docs/spa.md#navigation-pipeline), in this order, on every navigation: per-route validation, config and
 * dictionary loading, authentication, maintenance check; then the route's module and middleware.
 * Synchronous whenever every step is, so a navigation inside a live session renders in the same frame.
 * An unknown middleware name throws 'Unknown route middleware'.
 */
export function runNavigation(
  route: NavigationRoute,
  params: RouteParams,
  steps: NavigationSteps,
): MaybePromise<Outcome> {
  if (route.validate && !route.validate(params)) return NOT_FOUND;
  return then(loadConfig(steps), () => {
    if (route.access === 'public') return RENDER;
    return then(steps.authenticate(), (loggedIn): Outcome => {
      if (route.access === 'guest') return loggedIn ? { kind: 'redirect', to: '/' } : RENDER;
      if (!loggedIn) return { kind: 'login' };
      if (steps.maintenance()) return { kind: 'maintenance' };
      if (route.module !== null && !steps.moduleEnabled(route.module)) return NOT_FOUND;
      return admits(route.middleware, steps.user()) ? RENDER : { kind: 'denied' };
    });
  });
}
