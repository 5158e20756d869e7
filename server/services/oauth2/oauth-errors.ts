import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from '../../http/errors';
import { requestLang, translate } from '../../http/lang';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'unsupported_token_type'
  | 'invalid_scope'
  | 'slow_down'
  | 'server_error';

/** A catalogue message under `oauth2.errors.` and its parameters. */
export interface HumanMessage {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * An RFC 6749 section 5.2 error: 401 for invalid_client, 429 for throttling (`slow_down`, with
 * Retry-After), 400 for the rest; a wrong password is never a 401, or the SPA would try a refresh.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    /** Overrides the generic message, e.g. for a session that expired rather than a wrong password. */
    readonly human?: HumanMessage,
    /** Seconds, for `slow_down`. */
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

function statusOf(error: OAuthErrorCode): number {
  if (error === 'invalid_client') return 401;
  if (error === 'slow_down') return 429;
  if (error === 'server_error') return 500;
  return 400;
}

/** Token answers, errors included, are never cached (RFC 6749 sections 5.1 and 5.2). */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
}

/** The body has the human `message` the login form shows as it is (docs/wire-contract.md#token-endpoint), in the caller's language. */
export function sendOAuthError(request: FastifyRequest, reply: FastifyReply, error: OAuthError): FastifyReply {
  const lang = requestLang(request.headers['accept-language']);
  const human = error.human ?? { key: `oauth2.errors.${error.error}` };
  if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
  return noStore(reply)
    .code(statusOf(error.error))
    .send({
      error: error.error,
      error_description: error.description,
      message: translate(lang, human.key, human.params),
    });
}

/**
 * The token endpoint answers in RFC 6749 form even for Fastify's own errors (bad body, wrong type)
 * and for the server's strict JSON parser, whose refusals are problems with a 4xx `status` rather
 * than a Fastify `statusCode` (server/http/json-body.ts).
 */
export function oauthErrorHandler(
  error: FastifyError | OAuthError | HttpProblem,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof OAuthError) return sendOAuthError(request, reply, error);
  if (error instanceof HttpProblem && error.status < 500) {
    // The general rate limit (server/http/rate-limit.ts) has set Retry-After already.
    const code = error.status === 429 ? 'slow_down' : 'invalid_request';
    return sendOAuthError(request, reply, new OAuthError(code, error.message));
  }
  if (!(error instanceof HttpProblem) && error.statusCode !== undefined && error.statusCode < 500) {
    return sendOAuthError(request, reply, new OAuthError('invalid_request', error.message));
  }
  request.log.error({ err: error }, 'token endpoint failed');
  return sendOAuthError(request, reply, new OAuthError('server_error', 'Unexpected error'));
}

/** Whole minutes to show for a wait given in seconds. */
export const minutesOf = (seconds: number): number => Math.max(1, Math.ceil(seconds / 60));
