import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/tables';
import { authenticateClient, formParams, formSchema, requireParams, type OAuthClient } from './client';
import { noStore, oauthErrorHandler, OAuthError } from './oauth-errors';
import { revokeFamilyOfToken, tenantOfToken } from './refresh-tokens';

export interface RevokeOptions {
  db: Db;
  clients: readonly OAuthClient[];
}

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const revokeSchema = {
  tags: ['oauth2'],
  summary: 'Token revocation (RFC 7009): logout ends the refresh token family',
  description:
    'Form-encoded `token` (a refresh token), optional `token_type_hint`, client credentials. 200 with an empty ' +
    'object for a valid client, whether or not the token was known; access tokens are short-lived and not ' +
    'revocable one by one (400 unsupported_token_type).',
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
    await revokeFamilyOfToken(options.db, form.token);
    return noStore(reply).send({});
  });
}
