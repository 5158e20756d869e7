import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { clientErrorHandler, frameworkErrors } from './errors';
import { installJsonBodies } from './json-body';
import { loggerOptions, requestId } from './logging';
import { installSecurityHeaders, type SecurityHeaderOptions } from './security-headers';
import type { TrustProxy } from './trust-proxy';

/** Largest JSON body, in bytes (413 above it). Services with uploads set their own limit per route. */
export const BODY_LIMIT = 1024 * 1024;

export interface ServerHttpOptions {
  /** Which proxies' X-Forwarded-For to believe (TRUST_PROXY); none when absent. */
  trustProxy?: TrustProxy;
  /** Strict-Transport-Security max-age in seconds (HSTS_MAX_AGE); see security-headers.ts. */
  hstsMaxAge?: number;
}

const noValidation = () => () => true;
const plainJson = () => (data: unknown) => JSON.stringify(data);
// Fastify types these factories after ajv's and fast-json-stringify's own; ours ignore every schema.
export const SCHEMA_COMPILERS = {
  buildValidator: () => noValidation,
  buildSerializer: () => plainJson,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Options only the Fastify constructor takes: logging with redaction, request ids, the proxies
 * trusted for the client's address, and problem+json for the errors raised before routing or by
 * the HTTP parser itself.
 */
export function serverOptions(
  logger: FastifyServerOptions['logger'],
  http: ServerHttpOptions = {},
): FastifyServerOptions {
  return {
    logger: loggerOptions(logger),
    bodyLimit: BODY_LIMIT,
    genReqId: requestId,
    // Off by default: X-Forwarded-For is then ignored, or any client could pick its own address
    // and slip past the per-address throttling and rate limits (docs/tenancy-and-security.md#client-addresses).
    trustProxy: http.trustProxy ?? false,
    frameworkErrors: frameworkErrors(http.hstsMaxAge),
    clientErrorHandler,
    // Answer new requests 503 while draining on shutdown, instead of accepting work we will not finish.
    return503OnClosing: true,
    // Route schemas document, never validate nor serialize (installHttpHardening): compilers that do
    // nothing from the start also spare each start loading ajv and fast-json-stringify, which Fastify
    // otherwise requires for its default compilers.
    schemaController: { compilersFactory: SCHEMA_COMPILERS },
  };
}

/**
 * What every route of the server gets: strict JSON bodies, schemas that document rather than
 * validate (zod does that, with our messages), the request id echoed, security headers.
 */
export function installHttpHardening(app: FastifyInstance, options: SecurityHeaderOptions = {}): void {
  installJsonBodies(app);
  // Route schemas feed /docs only: ajv would reject or coerce input before zod sees it, and
  // fast-json-stringify would drop fields a response schema does not list.
  app.setValidatorCompiler(noValidation);
  app.setSerializerCompiler(plainJson);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installSecurityHeaders(app, options);
}
