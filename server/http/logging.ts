import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** An incoming X-Request-Id is reused only when it looks like an id, not like an injection. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request id: the caller's (a proxy's or the SPA's) when well-formed, otherwise a fresh uuid. */
export function requestId(raw: IncomingMessage): string {
  const header = raw.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'client_secret',
  'clientSecret',
  'refresh_token',
  'access_token',
  'AccessToken',
  'RefreshToken',
  'token',
  'secret',
];

/**
 * Paths pino blanks out wherever a log line carries them: credentials in headers and secrets in
 * any object logged at the top level or one or two levels down.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/** Query parameters that carry credentials (an EventSource cannot send an Authorization header). */
const SECRET_PARAMS = /([?&](?:access_token|token|refresh_token|client_secret|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

const serializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      remoteAddress: request.ip,
    };
  },
  res(reply: { statusCode: number }) {
    return { statusCode: reply.statusCode };
  },
};

/**
 * The logger options every server gets on top of the caller's: JSON lines from pino, with the
 * redaction and serializers above. `false` stays false (tests run silent).
 */
export function loggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { ...serializers, ...(base as { serializers?: object }).serializers },
  };
}

/**
 * Called once the caller is known: every later line of the request, the "request completed" one
 * included, carries the tenant and the username.
 */
export function bindUserToLogs(request: FastifyRequest, reply: FastifyReply, tenant: string, username: string): void {
  const child = request.log.child({ tenant, username });
  request.log = child;
  reply.log = child;
}
