import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { withTenant } from '../../db/tenancy';
import type { Db } from '../../db/tables';
import { authenticateClient, formParams, formSchema, requireParams, type OAuthClient } from './client';
import type { SigningKeys } from './keys';
import { minutesOf, noStore, oauthErrorHandler, OAuthError } from './oauth-errors';
import { burnPasswordCheck, verifyPassword } from './passwords';
import {
  readTokenUser,
  rotateRefreshToken,
  startSession,
  type Session,
  type Subject,
  type TokenUser,
} from './refresh-tokens';
import type { RevokedSessions } from './sessions';
import { passwordKeys, type Throttle } from './throttle';

export type { OAuthClient };

export interface TokenOptions {
  db: Db;
  keys: SigningKeys;
  clients: readonly OAuthClient[];
  accessTokenTtl: number;
  refreshTokenTtl: number;
  throttle: Throttle;
  sessions: RevokedSessions;
}

export interface TokenResponse {
  AccessToken: string;
  RefreshToken: string;
  ExpiresIn: number;
}

const INVALID_GRANT = 'Invalid username, password or tenant';
const SESSION_EXPIRED = { key: 'oauth2.errors.sessionExpired' };

/** A 429 in the token endpoint's own shape, with the wait in the header and in the message. */
export function throttled(seconds: number): OAuthError {
  return new OAuthError(
    'slow_down',
    `Too many failed attempts; retry in ${seconds} seconds`,
    { key: 'oauth2.errors.slow_down', params: { minutes: minutesOf(seconds) } },
    seconds,
  );
}

/** Finds a user by tenant and username (case-insensitive), inside the tenant's transaction. */
export function findByUsername(db: Db, tenant: string, username: string) {
  return withTenant(db, tenant, (trx) =>
    trx
      .selectFrom('oauth2.users')
      .select(['id', 'tenantId', 'username', 'passwordHash', 'disabled', 'email', 'firstName'])
      .where('tenantId', '=', tenant)
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst(),
  );
}

/** Checks a password grant; throttled (docs/tenancy-and-security.md#throttling) before the (slow) password check. */
async function passwordGrant(options: TokenOptions, form: Record<string, string>, address: string): Promise<Subject> {
  requireParams(form, ['username', 'password', 'tenant']);
  if (form.scope !== undefined && form.scope !== 'USERNAME')
    throw new OAuthError('invalid_scope', 'The only scope is USERNAME');
  const keys = passwordKeys(options.throttle.limits, form.tenant, form.username, address);
  const wait = await options.throttle.passwordAttempt(keys);
  if (wait > 0) throw throttled(wait);
  const user = await findByUsername(options.db, form.tenant, form.username);
  // Unknown tenant, unknown user, disabled user and wrong password look alike, in body and in time.
  if (!user || user.disabled) {
    await burnPasswordCheck(form.password);
    throw new OAuthError('invalid_grant', INVALID_GRANT);
  }
  if (!(await verifyPassword(form.password, user.passwordHash))) throw new OAuthError('invalid_grant', INVALID_GRANT);
  await options.throttle.succeeded(keys);
  return { tenantId: user.tenantId, userId: user.id };
}

/** The user's session goes on (or starts) with this refresh token: signs the access token to go with it. */
export async function tokenResponse(
  keys: SigningKeys,
  ttl: number,
  tenant: string,
  user: TokenUser,
  session: Session,
): Promise<TokenResponse> {
  const accessToken = await keys.sign(
    { id: user.id, username: user.username, roles: user.roles, tenant, sessionId: session.sessionId },
    ttl,
    user.tokensValidAfter,
  );
  return { AccessToken: accessToken, RefreshToken: session.refreshToken, ExpiresIn: ttl };
}

const tokenSchema = {
  tags: ['oauth2'],
  summary: 'Token endpoint: password and refresh_token grants (RFC 6749)',
  description:
    'Form-encoded. Errors follow RFC 6749 section 5.2 with a human `message`: 400 for everything but ' +
    'invalid_client (401) and throttling (429 slow_down, with Retry-After). Refresh tokens rotate; a reused ' +
    'one revokes its whole family.',
  consumes: ['application/x-www-form-urlencoded'],
  body: formSchema({
    grant_type: 'password or refresh_token',
    client_id: 'client id (or HTTP Basic)',
    client_secret: 'client secret (or HTTP Basic)',
    scope: 'USERNAME',
    username: 'password grant',
    password: 'password grant',
    tenant: 'password grant',
    refresh_token: 'refresh_token grant',
  }),
  response: {
    200: {
      type: 'object',
      properties: { AccessToken: { type: 'string' }, RefreshToken: { type: 'string' }, ExpiresIn: { type: 'integer' } },
    },
    '4xx': {
      type: 'object',
      properties: { error: { type: 'string' }, error_description: { type: 'string' }, message: { type: 'string' } },
    },
  },
} as const;

export async function tokenRoutes(app: FastifyInstance, options: TokenOptions): Promise<void> {
  const { db, keys } = options;

  app.post('/token', { schema: tokenSchema, errorHandler: oauthErrorHandler }, async (request, reply) => {
    const form = formParams(request.body);
    authenticateClient(request, form, options.clients);
    let body: TokenResponse;
    if (form.grant_type === 'password') {
      const subject = await passwordGrant(options, form, request.ip);
      body = await withTenant(db, subject.tenantId, async (trx) => {
        const user = await readTokenUser(trx, subject);
        if (!user || user.disabled) throw new OAuthError('invalid_grant', INVALID_GRANT);
        const session = await startSession(trx, subject, options.refreshTokenTtl);
        return { user, session };
      }).then(({ user, session }) => tokenResponse(keys, options.accessTokenTtl, subject.tenantId, user, session));
    } else if (form.grant_type === 'refresh_token') {
      requireParams(form, ['refresh_token']);
      const rotation = await rotateRefreshToken(db, form.refresh_token, options.refreshTokenTtl);
      if ('failure' in rotation) {
        // Committed: this process refuses the session's access tokens from now on (others learn by NOTIFY).
        if (rotation.revoked) options.sessions.add(rotation.revoked);
        throw new OAuthError('invalid_grant', `Refresh token ${rotation.failure}`, SESSION_EXPIRED);
      }
      body = await tokenResponse(
        keys,
        options.accessTokenTtl,
        rotation.subject.tenantId,
        rotation.user,
        rotation.session,
      );
    } else {
      if (!form.grant_type) throw new OAuthError('invalid_request', 'Missing parameter(s): grant_type');
      throw new OAuthError('unsupported_grant_type', `Unsupported grant_type ${form.grant_type}`);
    }
    return noStore(reply).send(body);
  });
}
