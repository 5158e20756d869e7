import { sql, type SqlBool } from 'kysely';
import type { HookContext, Scope } from '../../records';
import { ownTechnicianIds } from '../wfm/activities';

/**
 * What a technician may read of the periodic plans: those naming them (the technician whose user is
 * theirs, as for activities) among the default technicians. Administrators, and the seed and jobs (no
 * roles), see all.
 */
export async function technicianScope(ctx: HookContext): Promise<Scope | undefined> {
  const roles = ctx.actor.roles;
  if (!roles || roles.includes('ROLE_ADMIN')) return undefined;
  const ids = await ownTechnicianIds(ctx);
  if (ids.length === 0) return () => sql<SqlBool>`false`;
  return (eb) => sql<SqlBool>`${eb.ref('defaultTechnicianIds')} && cast(${ids} as uuid[])`;
}
