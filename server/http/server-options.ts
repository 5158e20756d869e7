import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { clientErrorHandler, frameworkErrors } from './errors';
import { installJsonBodies } from './json-body';
import { loggerOptions, requestId } from './logging';
import { installSecurityHeaders, type SecurityHeaderOptions } from './security-headers';

/** Largest JSON body, in bytes (413 above it). Services with uploads set their own limit per route. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Options only the Fastify constructor takes: logging with redaction, request ids, and
 * problem+json for the errors raised before routing or by the HTTP parser itself.
 */
export function serverOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions {
  return {
    logger: loggerOptions(logger),
    bodyLimit: BODY_LIMIT,
    genReqId: requestId,
    frameworkErrors,
    clientErrorHandler,
    // Answer new requests 503 while draining on shutdown, instead of accepting work we will not finish.
    return503OnClosing: true,
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
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installSecurityHeaders(app, options);
}
