import { randomBytes } from 'node:crypto';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import usersDef from '../../resources/users';
import type { Db } from '../db/tables';
import { enterTenant } from '../db/tenancy';
import { HttpProblem } from '../http/errors';
import { Records } from '../records';
import { seedTenantSettings } from '../seed/index';
import { loadTenantConfig } from '../services/config/tenant-config';
import { oauth2Hooks } from '../services/oauth2/hooks';
import type { CreateTenant } from './tenant-args';
import { tenantConfigTemplate } from './tenant-config-template';

/** A refusal the operator can act on (an existing tenant, a bad config file); nothing was changed. */
export class TenantRefused extends Error {}

export interface CreatedTenant {
  configFile: string;
  /** False when a config file of that name was already there and is used as it is. */
  configWritten: boolean;
  /** Set when the command generated the password: shown once, stored nowhere but as a hash. */
  generatedPassword?: string;
}

/**
 * Creates a tenant, its config file and its first administrator (docs/deployment.md#tenants). The
 * database rows are one transaction; the config file is written first and removed again if that
 * transaction fails, so a refused or failed run leaves nothing behind.
 */
export async function createTenant(db: Db, configDir: string, input: CreateTenant): Promise<CreatedTenant> {
  if (await tenantExists(db, input.id))
    throw new TenantRefused(`The tenant "${input.id}" already exists: nothing was changed.`);
  const password = input.password ?? generatePassword();
  const configFile = join(configDir, 'tenants', `${input.id}.json`);
  const configWritten = await writeConfig(configDir, configFile, input);
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('oauth2.tenants')
        .values({ id: input.id, name: input.name, configFile: `${input.id}.json` })
        .execute();
      // From here on the transaction writes as the new tenant: row-level security holds for it too.
      await enterTenant(trx as never, input.id);
      const actor = { tenant: input.id, username: input.admin, roles: ['ROLE_ADMIN'] };
      // The API's own create path: the username, e-mail and password rules are the users screen's.
      await new Records(trx, usersDef, oauth2Hooks.users).insert(
        actor,
        { username: input.admin, email: input.email, roles: ['ROLE_ADMIN'], password },
        'en',
      );
      await seedTenantSettings(trx, input.id);
    });
  } catch (error) {
    if (configWritten) await unlink(configFile).catch(() => undefined);
    throw refusal(error, input);
  }
  return { configFile, configWritten, generatedPassword: input.password ? undefined : password };
}

export async function listTenants(db: Db): Promise<{ id: string; name: string; createdAt: string; users: number }[]> {
  const tenants = await db.selectFrom('oauth2.tenants').select(['id', 'name', 'createdAt']).orderBy('id').execute();
  const out = [];
  for (const tenant of tenants) {
    // Users are tenant rows under row-level security: counted as their tenant.
    const users = await db.transaction().execute(async (trx) => {
      await enterTenant(trx as never, tenant.id);
      const row = await trx
        .selectFrom('oauth2.users')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    });
    out.push({ id: tenant.id, name: tenant.name, createdAt: new Date(tenant.createdAt).toISOString(), users });
  }
  return out;
}

async function tenantExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('oauth2.tenants').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Writes the config from the template, or validates the one already there; true when it wrote it. */
async function writeConfig(configDir: string, file: string, input: CreateTenant): Promise<boolean> {
  const text = `${JSON.stringify(tenantConfigTemplate(input), null, 2)}\n`;
  try {
    // 'wx': never overwrite a file an operator prepared (or a concurrent run just wrote).
    await writeFile(file, text, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  try {
    await loadTenantConfig(configDir, input.id);
  } catch (error) {
    throw new TenantRefused(`${(error as Error).message}\nFix or remove it, then run the command again.`);
  }
  return false;
}

/** What the operator reads when the transaction fails: the field at fault, or the race that was lost. */
function refusal(error: unknown, input: CreateTenant): unknown {
  if (error instanceof HttpProblem) {
    const option: Record<string, string> = { username: 'admin', email: 'email', password: 'password' };
    const lines = error.errors.map((e) => `  --${option[e.path] ?? e.path}: ${e.message}`);
    return new TenantRefused(`Cannot create the tenant:\n${lines.join('\n') || `  ${error.message}`}`);
  }
  // Another run created the same tenant between our check and our insert.
  if ((error as { code?: string }).code === '23505')
    return new TenantRefused(`The tenant "${input.id}" already exists: nothing was changed.`);
  return error;
}

/** 18 random characters from a URL-safe alphabet: 108 bits, typed once by the administrator. */
function generatePassword(): string {
  return randomBytes(18).toString('base64url').slice(0, 18);
}
