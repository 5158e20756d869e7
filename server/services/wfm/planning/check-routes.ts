import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import activities from '../../../../resources/wfm/activities';
import { describeIssues } from '../../../../resources/schema';
import { currentUser, requireUser, type VerifyToken } from '../../../http/auth';
import { problems } from '../../../http/errors';
import { requestLang } from '../../../http/lang';
import { withTenant } from '../../../db/tenancy';
import type { Db } from '../../../db/tables';
import { checkReferences, invalid, issue, type Row } from '../../../records';
import { rowOf } from '../references';
import { planningConflicts } from './checks';

const fields = activities.fields;

/** The dry run's body: any planning field of an activity, the rest taken from `activityId`'s when given. */
const checkBody = z.strictObject({
  activityId: z.uuid().nullish(),
  technicianIds: fields.technicianIds.schema.nullish(),
  scheduledStart: fields.scheduledStart.schema.nullish(),
  scheduledEnd: fields.scheduledEnd.schema.nullish(),
  requiredSkillIds: fields.requiredSkillIds.schema.nullish(),
  type: fields.type.schema.nullish(),
  machineIds: fields.machineIds.schema.nullish(),
});

const PLANNING = ['technicianIds', 'scheduledStart', 'scheduledEnd', 'requiredSkillIds', 'type', 'machineIds'] as const;

/**
 * The planner's dry run of the planning checks (docs/wire-contract.md#planning): the conflicts a slot would
 * meet, exactly as the activities' create and update would judge them (docs/domain.md#planning-checks), so
 * the planner can warn before it moves anything. Administrators only.
 */
export async function planningCheckRoutes(app: FastifyInstance, options: { db: Db; verify: VerifyToken }) {
  app.addHook('preHandler', requireUser(options.verify));
  app.post('/api/planning/check', async (request) => {
    const user = currentUser(request);
    if (!user.roles.includes('ROLE_ADMIN')) throw problems.forbidden('Only administrators plan work.');
    const lang = requestLang(request.headers['accept-language']);
    if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body))
      throw problems.validation([], 'The request body must be a JSON object.');
    const parsed = checkBody.safeParse(request.body);
    if (!parsed.success) throw invalid(lang, describeIssues(parsed.error.issues));
    const body = parsed.data as Row;

    const conflicts = await withTenant(options.db, user.tenant, async (trx) => {
      const stored = body.activityId
        ? await rowOf(trx, activities, user.tenant, body.activityId, ['id', ...PLANNING])
        : undefined;
      if (body.activityId && !stored) throw problems.notFound('No such activity.');
      const slot: Row = {};
      for (const name of PLANNING) slot[name] = body[name] ?? stored?.[name] ?? null;
      const start = slot.scheduledStart as string | null;
      const end = slot.scheduledEnd as string | null;
      const missing = (['scheduledStart', 'scheduledEnd'] as const).filter((name) => !slot[name]);
      if (missing.length > 0)
        throw invalid(
          lang,
          missing.map((name) => issue(name, 'validation.required')),
        );
      if (Date.parse(end!) <= Date.parse(start!))
        throw invalid(lang, [issue('scheduledEnd', 'validation.wfm.endAfterStart')]);
      // Ids of records the tenant does not have are a 400 naming the field, as on an activity's write.
      await checkReferences(
        trx,
        activities,
        user.tenant,
        Object.fromEntries(['technicianIds', 'requiredSkillIds', 'machineIds'].map((name) => [name, body[name]])),
        lang,
      );
      return planningConflicts(
        trx,
        user.tenant,
        {
          activityId: stored ? String(stored.id) : null,
          technicianIds: (slot.technicianIds ?? []) as string[],
          scheduledStart: start!,
          scheduledEnd: end!,
          requiredSkillIds: (slot.requiredSkillIds ?? []) as string[],
          type: (slot.type as string | null) ?? undefined,
          machineIds: (slot.machineIds ?? []) as string[],
        },
        lang,
      );
    });
    return { conflicts };
  });
}
