import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describeIssues } from '../../../../resources/schema';
import { documentServices } from '../../../documents/services';
import type { Db } from '../../../db/tables';
import { withTenant } from '../../../db/tenancy';
import { currentUser, requireUser, type AuthUser, type VerifyToken } from '../../../http/auth';
import { problems } from '../../../http/errors';
import { invalidFields, renderIssues, requestLang, type Lang } from '../../../http/lang';
import { pendingList } from './pending';
import { sendPublicationMails } from './publication-mail';
import { publishActivities } from './publish';

export interface PublishRoutesOptions {
  db: Db;
  verify: VerifyToken;
}

/** The planner is the office's: a technician gets 403 (docs/domain.md#planner). */
function requireAdmin(user: AuthUser): void {
  if (!user.roles.includes('ROLE_ADMIN')) throw problems.forbidden('Only administrators plan and send work.');
}

const instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s).toISOString());

const windowSchema = z
  .strictObject({ from: instant.optional(), to: instant.optional() })
  .refine((w) => !w.from || !w.to || w.from < w.to, { error: 'validation.wfm.endAfterStart', path: ['to'] });

const publishSchema = z.strictObject({ activityIds: z.array(z.uuid()).min(1).max(1000) });

/** Zod's verdict as a 400 problem naming the fields, in the request's language. */
function parse<T>(schema: z.ZodType<T>, value: unknown, lang: Lang, query: boolean): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = renderIssues(lang, describeIssues(result.error.issues));
  throw query ? problems.badQuery(errors) : problems.validation(errors, invalidFields(lang, errors));
}

const langOf = (request: FastifyRequest) => requestLang(request.headers['accept-language']);

/**
 * Confirm sending (docs/wire-contract.md#planning): what the planner's changes would tell each technician, and
 * the sending itself. The e-mails leave after the transaction commits.
 */
export async function planningPublishRoutes(app: FastifyInstance, options: PublishRoutesOptions): Promise<void> {
  const { db } = options;
  app.addHook('preHandler', requireUser(options.verify));

  app.get('/api/planning/pending', async (request) => {
    const user = currentUser(request);
    requireAdmin(user);
    const window = parse(windowSchema, request.query, langOf(request), true);
    return withTenant(db, user.tenant, (trx) => pendingList(trx, user.tenant, window));
  });

  app.post('/api/planning/publish', async (request, reply) => {
    const user = currentUser(request);
    requireAdmin(user);
    const lang = langOf(request);
    const { activityIds } = parse(publishSchema, request.body, lang, false);
    const { result, mails } = await withTenant(db, user.tenant, (trx) =>
      publishActivities(trx, user.tenant, { username: user.username }, activityIds, lang),
    );
    await sendPublicationMails(documentServices().mailer, mails, request.log);
    return reply.code(200).send(result);
  });
}
