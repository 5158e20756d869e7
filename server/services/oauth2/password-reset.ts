import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { users } from '../../../resources/index';
import { describeIssues } from '../../../resources/schema';
import { withTenant } from '../../db/tenancy';
import type { Db } from '../../db/tables';
import { HttpProblem, problems } from '../../http/errors';
import { invalidFields, renderIssues, requestLang, translate, type Lang } from '../../http/lang';
import type { Mailer } from '../../mail/mailer';
import { minutesOf } from './oauth-errors';
import { hashPassword } from './passwords';
import { endUserSessions, hashToken, newOpaqueToken, tenantOfToken } from './refresh-tokens';
import type { RevokedSessions, SessionRevocation } from './sessions';
import type { Throttle } from './throttle';
import { findByUsername } from './token';

export interface PasswordResetOptions {
  db: Db;
  throttle: Throttle;
  sessions: RevokedSessions;
  mailer: Mailer;
  /** Seconds a reset link stays valid. */
  resetTokenTtl: number;
  /** Where the SPA is served, for the link in the mail; never taken from the request (Host can be forged). */
  publicUrl: string;
  appName: string;
}

/** Validates a JSON body with zod; a problem naming each bad field otherwise, in the caller's language. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown, lang: Lang): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw problems.validation([], 'The request body must be a JSON object.');
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const errors = renderIssues(lang, describeIssues(result.error.issues));
  throw problems.validation(errors, invalidFields(lang, errors));
}

/** 429 problem+json with Retry-After. */
export function tooManyRequests(reply: FastifyReply, lang: Lang, seconds: number): HttpProblem {
  reply.header('Retry-After', String(seconds));
  return new HttpProblem(429, translate(lang, 'oauth2.tooManyRequests', { minutes: minutesOf(seconds) }));
}

export const passwordSchema = users.fields.password.schema as z.ZodType<string>;

const forgotBody = z
  .object({ tenant: z.string().trim().min(1).max(100), username: z.string().trim().min(1).max(255) })
  .strict();
const resetBody = z.object({ token: z.string().min(1).max(400), password: passwordSchema }).strict();

const messageResponse = { type: 'object', properties: { message: { type: 'string' } } } as const;
const problemResponse = { description: 'application/problem+json', type: 'object' } as const;

const invalidToken = (lang: Lang) =>
  problems.validation(
    renderIssues(lang, [{ path: 'token', key: 'validation.resetToken', params: {} }]),
    'Invalid token',
  );

/**
 * Forgot and reset password. The forgot answer is the same, and takes about as long, whether the
 * user exists or not; the reset token is single-use, expires, and only its hash is stored.
 */
export async function passwordResetRoutes(app: FastifyInstance, options: PasswordResetOptions): Promise<void> {
  const { db } = options;

  async function createResetToken(tenant: string, userId: string): Promise<string> {
    const token = newOpaqueToken(tenant);
    await withTenant(db, tenant, async (trx) => {
      // A new link voids the older ones: only the latest mail works.
      await trx
        .updateTable('oauth2.passwordResets')
        .set({ usedAt: new Date().toISOString() })
        .where('tenantId', '=', tenant)
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .execute();
      await trx
        .insertInto('oauth2.passwordResets')
        .values({
          tenantId: tenant,
          tokenHash: hashToken(token),
          userId,
          expiresAt: new Date(Date.now() + options.resetTokenTtl * 1000).toISOString(),
          usedAt: null,
        })
        .execute();
    });
    return token;
  }

  app.post(
    '/password/forgot',
    {
      schema: {
        tags: ['oauth2'],
        summary: 'Ask for a password reset link by mail',
        description: 'Always 202 with the same message, whether or not the user exists. Throttled per address (429).',
        body: {
          type: 'object',
          required: ['tenant', 'username'],
          properties: { tenant: { type: 'string' }, username: { type: 'string' } },
        },
        response: { 202: messageResponse, 400: problemResponse, 429: problemResponse },
      },
    },
    async (request: FastifyRequest, reply) => {
      const lang = requestLang(request.headers['accept-language']);
      const { tenant, username } = parseBody(forgotBody, request.body, lang);
      const limit = options.throttle.limits.forgotPerAddress;
      const wait = await options.throttle.attempt([{ key: `forgot:${request.ip}`, limit }]);
      if (wait > 0) throw tooManyRequests(reply, lang, wait);

      const user = await findByUsername(db, tenant, username);
      if (user && !user.disabled && user.email) {
        const token = await createResetToken(tenant, user.id);
        const link = `${options.publicUrl.replace(/\/+$/, '')}/#/reset-password?token=${encodeURIComponent(token)}`;
        const params = {
          app: options.appName,
          name: user.firstName ?? user.username,
          username: user.username,
          minutes: minutesOf(options.resetTokenTtl),
          link,
        };
        const mail = {
          to: user.email,
          subject: translate(lang, 'oauth2.resetMail.subject', params),
          text: translate(lang, 'oauth2.resetMail.body', params),
        };
        const sending = options.mailer.send(mail).catch((error: unknown) => {
          request.log.error({ err: error }, 'password reset mail not sent');
        });
        if (!options.mailer.slow) await sending;
      }
      return reply.code(202).send({ message: translate(lang, 'oauth2.forgotAccepted') });
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags: ['oauth2'],
        summary: 'Choose a new password with the token of a reset link',
        description:
          'Single use. An invalid, used or expired token is a 400 naming `token`; a weak password names `password`. ' +
          'Ends every session of the user.',
        body: {
          type: 'object',
          required: ['token', 'password'],
          properties: { token: { type: 'string' }, password: { type: 'string' } },
        },
        response: { 200: messageResponse, 400: problemResponse },
      },
    },
    async (request) => {
      const lang = requestLang(request.headers['accept-language']);
      const { token, password } = parseBody(resetBody, request.body, lang);
      const tenant = tenantOfToken(token);
      if (!tenant) throw invalidToken(lang);
      const hash = hashToken(token);
      const now = new Date().toISOString();
      // Checked before the (slow, memory-hungry) hash, so made-up tokens cost almost nothing.
      const pending = await withTenant(db, tenant, (trx) =>
        trx
          .selectFrom('oauth2.passwordResets')
          .select('userId')
          .where('tenantId', '=', tenant)
          .where('tokenHash', '=', hash)
          .where('usedAt', 'is', null)
          .where('expiresAt', '>', now)
          .executeTakeFirst(),
      );
      if (!pending) throw invalidToken(lang);
      const passwordHash = await hashPassword(password);
      const done = await withTenant(db, tenant, async (trx): Promise<{ ended?: SessionRevocation } | false> => {
        // Spent here, conditionally: of two concurrent uses of one link, one wins.
        const spent = await trx
          .updateTable('oauth2.passwordResets')
          .set({ usedAt: new Date().toISOString() })
          .where('tenantId', '=', tenant)
          .where('tokenHash', '=', hash)
          .where('usedAt', 'is', null)
          .where('expiresAt', '>', new Date().toISOString())
          .returning('userId')
          .executeTakeFirst();
        if (!spent) return false;
        const changed = await trx
          .updateTable('oauth2.users')
          .set({
            passwordHash,
            updatedAt: new Date().toISOString(),
            updatedBy: sql<string>`username`,
            version: (eb) => eb('version', '+', 1),
          })
          .where('tenantId', '=', tenant)
          .where('id', '=', spent.userId)
          .where('disabled', '=', false)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return false;
        return { ended: await endUserSessions(trx, { tenantId: tenant, userId: spent.userId }) };
      });
      if (!done) throw invalidToken(lang);
      if (done.ended) options.sessions.add(done.ended);
      return { message: translate(lang, 'oauth2.resetDone') };
    },
  );
}
