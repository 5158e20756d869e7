import skills from '../../../resources/wfm/skills';
import technicians from '../../../resources/wfm/technicians';
import type { FieldIssue } from '../../../resources/schema';
import { tableRef } from '../../db/derive';
import { defineHooks, type HookContext, issue, type ResourceHooks, type Row, type ValuesOf } from '../../records';
import type { Db } from '../../db/tables';

const SKILLS = tableRef(skills);

/** Names are unique per kind, regardless of case: a 409 on `name` as a unique field would answer. */
async function checkName(ctx: HookContext, skill: ValuesOf<typeof skills>, id?: string): Promise<void> {
  const clash = await ctx.trx
    .selectFrom(SKILLS)
    .select('id')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('kind', '=', skill.kind ?? null)
    .where((eb) => eb(eb.fn('lower', [eb.ref('name')]), '=', String(skill.name).toLowerCase()))
    .$if(id !== undefined, (qb) => qb.where('id', '<>', id!))
    .executeTakeFirst();
  if (clash)
    throw ctx.conflict(
      ctx.issue('name', 'validation.unique'),
      `A ${String(skill.kind)} named ${String(skill.name)} exists.`,
    );
}

/** Walking up from the new parent must never reach the skill itself. */
async function checkParent(trx: Db, tenant: string, id: string, parentId: unknown): Promise<FieldIssue[]> {
  let at = typeof parentId === 'string' ? parentId : null;
  for (let depth = 0; at !== null && depth < 100; depth++) {
    if (at === id) return [issue('parentId', 'validation.wfm.parentCycle')];
    const row = await trx
      .selectFrom(SKILLS)
      .select('parentId')
      .where('tenantId', '=', tenant)
      .where('id', '=', at)
      .executeTakeFirst();
    at = (row?.parentId as string | null | undefined) ?? null;
  }
  return [];
}

const skillHooks = defineHooks(skills, {
  async beforeCreate(ctx, values) {
    await checkName(ctx, values);
  },
  async beforeUpdate(ctx, changes, stored) {
    const skill = { ...stored, ...changes };
    if ('name' in changes || 'kind' in changes) await checkName(ctx, skill, stored.id);
    if ('parentId' in changes)
      ctx.refuse(await checkParent(ctx.trx, ctx.actor.tenant, String(stored.id), changes.parentId));
  },
});

/** A technician's skills are skills, not tags. */
async function checkSkills(ctx: HookContext, lines: unknown): Promise<void> {
  if (!Array.isArray(lines) || lines.length === 0) return;
  const ids = lines.map((line: Row) => line.skillId).filter((id): id is string => typeof id === 'string');
  const tags = await ctx.trx
    .selectFrom(SKILLS)
    .select('id')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', 'in', ids)
    .where('kind', '<>', 'skill')
    .execute();
  const tagIds = new Set(tags.map((row) => String(row.id)));
  ctx.refuse(
    lines.flatMap((line: Row, i) =>
      tagIds.has(String(line.skillId)) ? [issue(`skills.${i}.skillId`, 'validation.invalid')] : [],
    ),
  );
}

const technicianHooks = defineHooks(technicians, {
  async beforeCreate(ctx, values) {
    await checkSkills(ctx, values.skills);
  },
  async beforeUpdate(ctx, changes) {
    if ('skills' in changes) await checkSkills(ctx, changes.skills);
  },
});

export const masterDataHooks: Record<string, ResourceHooks> = {
  [skills.name]: skillHooks,
  [technicians.name]: technicianHooks,
};
