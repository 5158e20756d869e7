import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpProblem } from './errors';

/** Generous: a busy user's SPA makes a few requests a second; benchmarks set their own. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 3000;

/** Routes a load balancer or a browser fetches on their own: the health check and the SPA's files. */
const UNLIMITED_ROUTES = new Set(['/health', '/', '/*', '/runtime-config.json']);

/**
 * Who a request counts against: the signed-in user (whichever address they come from), else the
 * client's address (as TRUST_PROXY reveals it), an IPv6 client by its /64 as one host usually owns it.
 */
export function rateLimitKey(request: FastifyRequest): string {
  const user = request.user;
  return user ? `user:${user.tenant}:${user.id}` : `address:${normalizeIP(request.ip)}`;
}

/**
 * The general API rate limit (RATE_LIMIT_PER_MINUTE, 0 disables): a fixed one-minute window per
 * key, counted in each process's memory. It runs as the routes' last preHandler, after the
 * services' `requireUser`, so an authenticated request is counted against its user; a request
 * refused for a bad token never reaches it. Over the limit: 429 problem+json with Retry-After
 * (docs/tenancy-and-security.md#rate-limit). Must be registered before the routes it covers.
 */
export async function installRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute <= 0) return;
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: rateLimitKey,
    allowList: (request) => UNLIMITED_ROUTES.has(request.routeOptions.url ?? ''),
    errorResponseBuilder: (_request, context) =>
      new HttpProblem(429, `Too many requests: at most ${context.max} a minute; retry in ${context.after}.`),
  });
}
