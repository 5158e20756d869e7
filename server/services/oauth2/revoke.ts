import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/tables';
import { authenticateClient, formParams, formSchema, requireParams, type OAuthClient } from './client';
import { noStore, oauthErrorHandler, OAuthError } from './oauth-errors';
import { revokeFamilyOfToken, tenantOfToken } from './refresh-tokens';
import type { RevokedSessions } from './sessions';

export interface RevokeOptions {
  db: Db;
  clients: readonly OAuthClient[];
  sessions: RevokedSessions;
}

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const revokeSchema = {
  tags: ['oauth2'],
  summary: 'Token revocation (RFC 7009): logout ends the session',
  description:
    'Form-encoded `token` (a refresh token), optional `token_type_hint`, client credentials. 200 with an empty ' +
    'object for a valid client, whether or not the token was known. The session ends: its refresh tokens and ' +
    'its access tokens (401 from then on) stop working, its notification streams close. An access token is ' +
    'not accepted as the `token` (400 unsupported_token_type): revoke the session with its refresh token.',
  consumes: ['application/x-www-form-urlencoded'],
  body: formSchema({
    token: 'the refresh token to revoke',
    token_type_hint: 'refresh_token (access_token is not supported)',
    client_id: 'client id (or HTTP Basic)',
    client_secret: 'client secret (or HTTP Basic)',
  }),
  response: {
    200: { type: 'object', properties: {} },
    '4xx': {
      type: 'object',
      properties: { error: { type: 'string' }, error_description: { type: 'string' }, message: { type: 'string' } },
    },
  },
} as const;

export async function revokeRoutes(app: FastifyInstance, options: RevokeOptions): Promise<void> {
  app.post('/revoke', { schema: revokeSchema, errorHandler: oauthErrorHandler }, async (request, reply) => {
    const form = formParams(request.body);
    authenticateClient(request, form, options.clients);
    requireParams(form, ['token']);
    // A JWT is an access token: it expires within minutes and has no row to revoke (RFC 7009 2.2.1).
    if (!tenantOfToken(form.token) && JWT.test(form.token))
      throw new OAuthError('unsupported_token_type', 'Access tokens are short-lived and cannot be revoked');
    const revoked = await revokeFamilyOfToken(options.db, form.token);
    // Committed: the session's access tokens are refused here at once (other processes learn by NOTIFY).
    if (revoked) options.sessions.add(revoked);
    return noStore(reply).send({});
  });
}
