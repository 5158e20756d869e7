import type { FastifyReply, FastifyRequest } from 'fastify';
import { problems } from './errors';
import { bindUserToLogs } from './logging';

/** Who is calling, from the access token alone: the tenant is never taken from the request. */
export interface AuthUser {
  id: string;
  username: string;
  roles: string[];
  tenant: string;
  /** The session (refresh-token family) the access token belongs to: its `sid` claim. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** Verifies a bearer token and returns its user; throws on any bad, expired or foreign token. */
export type VerifyToken = (token: string) => Promise<AuthUser>;

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/** A preHandler hook: 401 unless the request carries a valid bearer token. */
export function requireUser(verify: VerifyToken) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) throw problems.unauthorized();
    let user: AuthUser;
    try {
      user = await verify(match[1]);
    } catch {
      throw problems.unauthorized('The bearer token is invalid or expired.');
    }
    request.user = user;
    bindUserToLogs(request, reply, user.tenant, user.username);
  };
}

/** The authenticated user of a route behind `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw problems.unauthorized();
  return request.user;
}
