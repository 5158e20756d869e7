import usersDef from '../../../resources/users';
import { sql } from 'kysely';
import { defineHooks, type HookContext, type HookRegistry, type Row } from '../../records';
import { hashPassword } from './passwords';
import { revokeUserFamilies, tokensValidAfterBump } from './refresh-tokens';

const ADMIN = 'ROLE_ADMIN';

const rolesOf = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);
const isActiveAdmin = (roles: string[], disabled: unknown) => roles.includes(ADMIN) && disabled !== true;
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Refuses a change that would leave the tenant without an active administrator. The tenant's
 * active administrators are locked first, in a fixed order, so two administrators demoting each
 * other at the same moment take turns and the second one is refused.
 */
async function keepAnAdmin(ctx: HookContext, userId: string, path: 'disabled' | 'roles'): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    select id from oauth2.users
    where tenant_id = ${ctx.actor.tenant} and not disabled and ${ADMIN} = any(roles)
    order by id for update`.execute(ctx.trx);
  if (rows.some((row) => row.id !== userId)) return;
  throw ctx.conflict(
    ctx.issue(path, 'validation.lastAdmin'),
    'The last active administrator cannot be disabled or lose the administrator role.',
  );
}

// Updates whose sessions must end, from beforeUpdate to afterUpdate (one context per update).
const endsSessions = new WeakSet<HookContext>();

/**
 * Users beyond generic CRUD: the password is stored as a scrypt hash, the last active administrator
 * stays one, and disabling a user or changing their password, roles or username ends every session
 * of theirs (refresh families revoked, access tokens refused by every service from now on).
 */
const users = defineHooks(usersDef, {
  async beforeCreate(_ctx, values) {
    const { password, ...rest } = values;
    // The hash is a platform column outside the definition (server/db/tables.ts): a loose row on purpose.
    const created: Row = {
      ...rest,
      disabled: rest.disabled ?? false,
      passwordHash: await hashPassword(String(password)),
    };
    return created;
  },

  async beforeUpdate(ctx, changes, stored) {
    const out: Row = { ...changes };
    if ('disabled' in out && out.disabled === null) out.disabled = false;
    const passwordChanged = typeof out.password === 'string';
    if (passwordChanged) out.passwordHash = await hashPassword(out.password as string);
    delete out.password;

    const before = rolesOf(stored.roles);
    const after = 'roles' in out ? rolesOf(out.roles) : before;
    const disabled = 'disabled' in out ? out.disabled : stored.disabled;
    if (isActiveAdmin(before, stored.disabled) && !isActiveAdmin(after, disabled))
      await keepAnAdmin(ctx, String(stored.id), disabled === true ? 'disabled' : 'roles');

    const ends =
      passwordChanged ||
      (disabled === true && stored.disabled !== true) ||
      !sameSet(before, after) ||
      // The username is a claim of the access token: a token must not go on naming the old one.
      ('username' in out && out.username !== stored.username);
    if (ends) {
      out.tokensValidAfter = tokensValidAfterBump();
      endsSessions.add(ctx);
    }
    return out;
  },

  async afterUpdate(ctx, record) {
    if (!endsSessions.has(ctx)) return;
    await revokeUserFamilies(ctx.trx, { tenantId: ctx.actor.tenant, userId: String(record.id) });
  },
});

/** The oauth2 service's resource hooks, wired into its generic CRUD routes by app.ts. */
export const oauth2Hooks: HookRegistry = { users };
