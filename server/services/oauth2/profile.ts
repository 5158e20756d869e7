import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { withTenant } from '../../db/tenancy';
import type { Db } from '../../db/tables';
import { currentUser, requireUser } from '../../http/auth';
import { problems } from '../../http/errors';
import { renderIssues, requestLang } from '../../http/lang';
import type { SigningKeys } from './keys';
import { noStore } from './oauth-errors';
import { parseBody, passwordSchema, tooManyRequests } from './password-reset';
import { hashPassword, verifyPassword } from './passwords';
import { endUserSessions, readTokenUser, startSession } from './refresh-tokens';
import { passwordKeys, type Throttle } from './throttle';
import type { RevokedSessions } from './sessions';
import { tokenResponse } from './token';

export interface ProfileOptions {
  db: Db;
  keys: SigningKeys;
  throttle: Throttle;
  sessions: RevokedSessions;
  accessTokenTtl: number;
  refreshTokenTtl: number;
}

const changeBody = z.object({ currentPassword: z.string().min(1).max(1024), newPassword: passwordSchema }).strict();

const meResponse = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        username: { type: 'string' },
        firstName: { type: ['string', 'null'] },
        lastName: { type: ['string', 'null'] },
        email: { type: ['string', 'null'] },
        roles: { type: 'array', items: { type: 'string' } },
        tenant: { type: 'string' },
      },
    },
  },
} as const;

/** The signed-in user's own profile, and the change of their own password. */
export async function profileRoutes(app: FastifyInstance, options: ProfileOptions): Promise<void> {
  const { db } = options;
  const auth = requireUser(options.keys.verify);

  app.get(
    '/api/me',
    { preHandler: auth, schema: { tags: ['oauth2'], summary: 'The signed-in user', response: { 200: meResponse } } },
    async (request) => {
      const user = currentUser(request);
      const row = await withTenant(db, user.tenant, (trx) =>
        trx
          .selectFrom('oauth2.users')
          .select(['id', 'username', 'firstName', 'lastName', 'email', 'roles'])
          .where('tenantId', '=', user.tenant)
          .where('id', '=', user.id)
          .executeTakeFirst(),
      );
      if (!row) throw problems.notFound('No such user.');
      return { data: { ...row, tenant: user.tenant } };
    },
  );

  app.post(
    '/api/me/password',
    {
      preHandler: auth,
      schema: {
        tags: ['oauth2'],
        summary: 'Change my password',
        description:
          'Ends every other session of the user (refresh tokens and access tokens) and answers a fresh token ' +
          'response so this one goes on. A wrong current password is a 400 naming `currentPassword` and counts ' +
          'towards the login throttle (429 when over it).',
        body: {
          type: 'object',
          required: ['currentPassword', 'newPassword'],
          properties: { currentPassword: { type: 'string' }, newPassword: { type: 'string' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              AccessToken: { type: 'string' },
              RefreshToken: { type: 'string' },
              ExpiresIn: { type: 'integer' },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const lang = requestLang(request.headers['accept-language']);
      const { currentPassword, newPassword } = parseBody(changeBody, request.body, lang);
      const keys = passwordKeys(options.throttle.limits, user.tenant, user.username, request.ip);
      const wait = await options.throttle.passwordAttempt(keys);
      if (wait > 0) throw tooManyRequests(reply, lang, wait);

      const subject = { tenantId: user.tenant, userId: user.id };
      const stored = await withTenant(db, user.tenant, (trx) =>
        trx
          .selectFrom('oauth2.users')
          .select('passwordHash')
          .where('tenantId', '=', user.tenant)
          .where('id', '=', user.id)
          .executeTakeFirst(),
      );
      if (!stored || !(await verifyPassword(currentPassword, stored.passwordHash))) {
        const errors = renderIssues(lang, [{ path: 'currentPassword', key: 'validation.currentPassword', params: {} }]);
        throw problems.validation(errors, 'The current password is not correct.');
      }
      await options.throttle.succeeded(keys);
      const passwordHash = await hashPassword(newPassword);

      const session = await withTenant(db, user.tenant, async (trx) => {
        // Only if nobody changed the password meanwhile (another tab, an administrator, a reset link).
        const changed = await trx
          .updateTable('oauth2.users')
          .set({
            passwordHash,
            updatedAt: new Date().toISOString(),
            updatedBy: sql<string>`username`,
            version: (eb) => eb('version', '+', 1),
          })
          .where('tenantId', '=', user.tenant)
          .where('id', '=', user.id)
          .where('passwordHash', '=', stored.passwordHash)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return undefined;
        const ended = await endUserSessions(trx, subject);
        const started = await startSession(trx, subject, options.refreshTokenTtl);
        const row = await readTokenUser(trx, subject);
        return row && { row, started, ended };
      });
      if (!session) throw problems.conflict('The password was changed meanwhile: sign in again.');
      // Committed: this process closes the other sessions' streams at once (others learn by NOTIFY).
      if (session.ended) options.sessions.add(session.ended);
      const body = await tokenResponse(options.keys, options.accessTokenTtl, user.tenant, session.row, session.started);
      return noStore(reply).send(body);
    },
  );
}
