import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/tables';
import { currentUser, requireUser } from '../../http/auth';
import { problems } from '../../http/errors';
import type { OAuthClient } from './client';
import { devOutboxRoutes } from './dev-outbox';
import type { SigningKeys } from './keys';
import { createMailer, type MailOptions } from '../../mail/mailer';
import { passwordResetRoutes } from './password-reset';
import { profileRoutes } from './profile';
import { revokeRoutes } from './revoke';
import type { RevokedSessions } from './sessions';
import { Throttle, type ThrottleLimits } from './throttle';
import { tokenRoutes } from './token';

export interface OAuth2Options {
  db: Db;
  keys: SigningKeys;
  clients: readonly OAuthClient[];
  accessTokenTtl: number;
  refreshTokenTtl: number;
  throttle: ThrottleLimits;
  /** Revoked sessions of this process: the routes that revoke tell it at once. */
  sessions: RevokedSessions;
  mail: MailOptions;
  /** Serve GET /dev/outbox (development without SMTP only). */
  devOutbox: boolean;
  resetTokenTtl: number;
  publicUrl: string;
  appName: string;
}

/**
 * The oauth2 service: token and revocation endpoints (docs/wire-contract.md#authentication, RFC 6749 and 7009), the
 * caller's tenant and profile, password reset. The users resource is served next to these by the
 * generic CRUD routes with this service's hooks (hooks.ts).
 */
export async function oauth2Service(app: FastifyInstance, options: OAuth2Options): Promise<void> {
  // Route schemas document (/docs); input is checked by our own code, with RFC 6749 or problem answers.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(formbody);
  const throttle = new Throttle(options.db, options.throttle);
  // In the background, as the refresh tokens' purge (server/app.ts): the start does not wait for it.
  const purging = throttle
    .purge()
    .catch((error: unknown) => app.log.error({ err: error }, 'purging old throttle windows failed'));
  app.addHook('onClose', () => purging);
  const mailer = createMailer(options.mail, app.log);

  await tokenRoutes(app, { ...options, throttle });
  await revokeRoutes(app, options);
  await profileRoutes(app, { ...options, throttle });
  await passwordResetRoutes(app, { ...options, throttle, mailer });
  if (options.devOutbox && options.mail.outboxDir && !options.mail.smtpUrl) {
    app.log.info({ outbox: options.mail.outboxDir }, 'no SMTP_URL: mails go to the dev outbox');
    await devOutboxRoutes(app, { outboxDir: options.mail.outboxDir });
  }

  // Who the token speaks for, from the token alone (no query): what the SPA needs to decide access at start.
  app.get(
    '/session',
    // Its documentation is KNOWN_ROUTES' (server/openapi/known-routes.ts), 401 included.
    { preHandler: requireUser(options.keys.verify) },
    async (request, reply) => {
      const { id, username, roles, tenant, sessionId } = currentUser(request);
      reply.header('cache-control', 'no-store');
      return { data: { id, username, roles, tenant, sessionId } };
    },
  );

  app.get(
    '/tenant',
    // Its documentation is KNOWN_ROUTES' (server/openapi/known-routes.ts), 401 and 404 included.
    { preHandler: requireUser(options.keys.verify) },
    async (request) => {
      const user = currentUser(request);
      const tenant = await options.db
        .selectFrom('oauth2.tenants')
        .select(['id', 'name', 'configFile'])
        .where('id', '=', user.tenant)
        .executeTakeFirst();
      if (!tenant) throw problems.notFound('The tenant of this token no longer exists.');
      return { data: { id: tenant.id, name: tenant.name, configFileUrl: `/config/${tenant.configFile}` } };
    },
  );
}
