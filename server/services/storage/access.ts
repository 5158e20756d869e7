import { sql } from 'kysely';
import { canAccess, type ResourceDefinition } from '../../../resources/schema';
import { tableRef } from '../../db/derive';
import { dynamic, type Db } from '../../db/tables';
import type { AuthUser } from '../../http/auth';
import { hookContext, type ResourceHooks } from '../../records';
import type { FileMeta } from './files';

/** A resource whose records may hold files, and the hooks that scope who reads them. */
export interface AttachmentHolder {
  def: ResourceDefinition;
  hooks?: ResourceHooks;
}

/** The definitions with at least one attachments field, each with its service's hooks. */
export function attachmentHolders(
  definitions: readonly ResourceDefinition[],
  hooksOf: (def: ResourceDefinition) => ResourceHooks | undefined,
): AttachmentHolder[] {
  return definitions
    .filter((def) => Object.values(def.fields).some((field) => field.kind === 'attachments'))
    .map((def) => ({ def, hooks: hooksOf(def) }));
}

/**
 * Whether a user may read a file: the user who uploaded it may (it is theirs until a record holds
 * it), and administrators; anyone else only through a record that holds it and that they may read, with the same role
 * access and record scope as the record's own routes (a technician reaches the files of the
 * activities assigned to them, not those of a colleague's). `trx` is the tenant's transaction.
 * docs/tenancy-and-security.md#file-storage-safety
 */
export async function mayReadFile(
  trx: Db,
  user: AuthUser,
  file: FileMeta,
  holders: readonly AttachmentHolder[],
): Promise<boolean> {
  // Administrators read every record of the tenant, and may delete any file: they read every file too.
  if (file.createdBy === user.username || user.roles.includes('ROLE_ADMIN')) return true;
  const actor = { tenant: user.tenant, username: user.username, userId: user.id, roles: user.roles };
  // Containment matches the file whatever else the stored description says.
  const named = JSON.stringify([{ name: file.name, driverUid: file.driverUid }]);
  for (const { def, hooks } of holders) {
    if (!canAccess(user.roles, def, 'show')) continue;
    const scope = await hooks?.scope?.(hookContext(trx, actor, def, 'en'));
    const fields = Object.entries(def.fields)
      .filter(([, field]) => field.kind === 'attachments')
      .map(([name]) => name);
    const holder = await dynamic(trx)
      .selectFrom(tableRef(def))
      .select('id')
      .where('tenantId', '=', user.tenant)
      .where((eb) => eb.or(fields.map((name) => eb(sql.ref(name), '@>', sql`cast(${named}::text as jsonb)`))))
      .$if(scope !== undefined, (qb) => qb.where((eb) => scope!(eb)))
      .limit(1)
      .executeTakeFirst();
    if (holder) return true;
  }
  return false;
}
