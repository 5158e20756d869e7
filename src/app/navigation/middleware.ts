import type { CurrentUser } from '../../auth/claims';

/** A route middleware admits or refuses the signed-in user; it never has side effects. */
export type Middleware = (user: CurrentUser) => boolean;

/**
 * The route middleware registry (docs/spa.md#route-middleware). The technician area admits
 * administrators too: the original product's guard is "technician or admin per the route meta".
 */
export const middlewareRegistry = {
  'is-admin': (user) => user.kind === 'admin',
  'is-technician': (user) => user.kind === 'technician' || user.kind === 'admin',
} satisfies Record<string, Middleware>;

export type MiddlewareName = keyof typeof middlewareRegistry;

/** Quoted verbatim from the original product (docs/spa.md#errors-and-toasts). */
export const UNKNOWN_MIDDLEWARE = 'Unknown route middleware';

/** The middleware of that name; a name outside the registry is a programming error, thrown at once. */
export function resolveMiddleware(name: string): Middleware {
  const middleware = (middlewareRegistry as Record<string, Middleware>)[name];
  if (!Object.hasOwn(middlewareRegistry, name) || typeof middleware !== 'function') {
    throw new Error(UNKNOWN_MIDDLEWARE, { cause: name });
  }
  return middleware;
}

/** Whether every named middleware admits the user (no names: everyone signed in). */
export function admits(names: readonly string[], user: CurrentUser | null): boolean {
  const middleware = names.map(resolveMiddleware);
  return middleware.length === 0 || (user !== null && middleware.every((check) => check(user)));
}
