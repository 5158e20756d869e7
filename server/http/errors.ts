import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { databaseProblem, isDatabaseError } from './db-errors';
import { applySecurityHeaders } from './security-headers';

/** One entry of a problem's `errors`: what the SPA maps onto a form field or a filter. */
export interface ProblemItem {
  path: string;
  message: string;
  key: string;
  params: Record<string, string | number>;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An RFC 9457 problem; thrown by handlers, rendered by the error handler below. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly errors: ProblemItem[] = [],
    readonly title: string = TITLES[status] ?? STATUS_CODES[status] ?? 'Error',
  ) {
    super(detail);
  }
}

export const problems = {
  validation: (errors: ProblemItem[], detail = 'The request contains invalid values.') =>
    new HttpProblem(400, detail, errors, 'Validation failed'),
  badQuery: (errors: ProblemItem[]) =>
    new HttpProblem(400, errors.map((e) => e.message).join('; '), errors, 'Invalid query'),
  unauthorized: (detail = 'A valid bearer token is required.') => new HttpProblem(401, detail),
  forbidden: (detail = 'Your role may not do this.') => new HttpProblem(403, detail),
  notFound: (detail = 'Not found.') => new HttpProblem(404, detail),
  conflict: (detail: string, errors: ProblemItem[] = []) => new HttpProblem(409, detail, errors),
};

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

function problemBody(problem: HttpProblem) {
  return {
    type: 'about:blank',
    title: problem.title,
    status: problem.status,
    detail: problem.message,
    errors: problem.errors,
  };
}

export function sendProblem(reply: FastifyReply, problem: HttpProblem): FastifyReply {
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problemBody(problem));
}

/**
 * Every error leaves as application/problem+json: ours, Fastify's own (bad JSON, body too large,
 * unsupported content type), the database's refusals of a value, and unknown routes. Anything else
 * is a bug of ours: logged in full, answered without internals.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpProblem, request, reply) => {
    if (error instanceof HttpProblem) {
      if (error.status >= 500) request.log.warn({ err: error }, 'service problem');
      return sendProblem(reply, error);
    }
    if (isDatabaseError(error)) {
      const problem = databaseProblem(error);
      if (problem) {
        // Logged, because it may mean a check that should have caught the value upstream is missing.
        request.log.warn({ err: error }, 'database refused a value');
        return sendProblem(reply, new HttpProblem(problem.status, problem.detail, problem.errors));
      }
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return sendProblem(reply, new HttpProblem(status, clientMessage(error)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, new HttpProblem(500, 'Something went wrong on our side; please retry later.'));
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, problems.notFound(`No route for ${request.method} ${pathOf(request.url)}.`)),
  );
}

/** The path of a URL, bounded so an echo of a hostile URL stays short. */
function pathOf(url: string): string {
  const path = url.split('?')[0];
  return path.length > 200 ? `${path.slice(0, 200)}...` : path;
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'The request body must be JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The Content-Length header does not match the body.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_BAD_URL':
      return 'The URL is malformed (bad percent-encoding).';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'A path segment of the URL is too long.';
    default:
      return error.message;
  }
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a malformed URL, an overlong
 * path parameter) skip the error handler, so they are rendered here in the same shape.
 */
export function frameworkErrors(hstsMaxAge?: number) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    // Sent without hooks: the request id and security headers are added here.
    reply.header('x-request-id', request.id);
    applySecurityHeaders(request, reply, [], hstsMaxAge);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    sendProblem(reply, new HttpProblem(status, clientMessage(error)));
  };
}

/**
 * Node's `clientError`: a request the HTTP parser refused (oversized headers, garbage). There is
 * no request object, so the problem is written to the socket by hand.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const detail =
    status === 431
      ? 'The request headers are too large.'
      : status === 408
        ? 'The request took too long to arrive.'
        : 'The request is not valid HTTP.';
  const body = JSON.stringify(problemBody(new HttpProblem(status, detail)));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
