import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The Content-Security-Policy of the SPA and the API. Scripts only from our origin (Vite emits no
 * inline script); inline styles are allowed because MUI/Emotion inject <style> elements at run
 * time and index.html carries the boot bar's style. Nothing may frame us, post forms elsewhere or
 * load plugins.
 */
export function contentSecurityPolicy(connectSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ['connect-src', "'self'", ...connectSources].join(' '),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "media-src 'self' blob:",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

const FIXED_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()',
};

/** One year: the usual HSTS lifetime (and what preload lists ask for). */
export const DEFAULT_HSTS_MAX_AGE = 365 * 24 * 3600;

export interface SecurityHeaderOptions {
  /**
   * Strict-Transport-Security max-age in seconds (HSTS_MAX_AGE; a year when absent, 0 sends none).
   * Browsers ignore the header over plain HTTP (RFC 6797 section 8.1), so it is sent on every answer
   * and takes effect once the product is served over HTTPS (directly or through a proxy).
   */
  hstsMaxAge?: number;
  /**
   * Origins the SPA may call besides its own: services a tenant config places elsewhere and the
   * monitoring endpoint. Asked per response, so a config reload takes effect at once.
   */
  connectSources?: () => readonly string[];
}

/**
 * Security headers on every response, errors and 404s included. A route that sets its own
 * Content-Security-Policy (the API docs page) keeps it. Answers to authenticated requests are
 * private: no shared cache may keep them.
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}): void {
  app.addHook('onSend', async (request, reply) => {
    applySecurityHeaders(request, reply, options.connectSources?.() ?? [], options.hstsMaxAge);
  });
}

/** The headers themselves; also called where Fastify sends without hooks (errors before routing). */
export function applySecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  connectSources: readonly string[] = [],
  hstsMaxAge = DEFAULT_HSTS_MAX_AGE,
): void {
  for (const [name, value] of Object.entries(FIXED_HEADERS)) reply.header(name, value);
  if (hstsMaxAge > 0) reply.header('strict-transport-security', `max-age=${hstsMaxAge}; includeSubDomains`);
  if (!reply.hasHeader('content-security-policy'))
    reply.header('content-security-policy', contentSecurityPolicy(connectSources));
  if (request.headers.authorization && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

/** The origin of an absolute URL, for connect-src; undefined for relative or malformed ones. */
export function originOf(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
}
