import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { resources } from '../../resources/index';
import { openDatabase, type Database } from '../db/connect';
import { migrate } from '../db/migrate';
import { readEnv } from '../env';
import { registerStorageKinds } from '../services/storage/references';
import { parseTenantArgs, USAGE, UsageError } from './tenant-args';
import { createTenant, listTenants, TenantRefused } from './tenant-create';

/**
 * `npm run tenant -- create|list`: tenants on the server's own database, with or without a server
 * running (PostgreSQL), or with the server stopped (PGlite, whose folder one process holds at a time).
 * Exit codes: 0 done, 1 refused or failed, 2 a wrong command line.
 */
async function main(argv: readonly string[]): Promise<number> {
  let command;
  try {
    command = parseTenantArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.command === 'help') {
    console.log(USAGE);
    return 0;
  }
  const env = readEnv();
  let db: Database;
  try {
    db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, poolSize: 2 });
  } catch (error) {
    const message = (error as Error).message;
    if (!env.DATABASE_URL && /in use by another process/.test(message))
      console.error(
        `${message}\nThe PGlite folder is held by a running server: stop it, run this command, start it again.`,
      );
    else console.error(message);
    return 1;
  }
  try {
    registerStorageKinds();
    // A database no server has started on yet gets its tables here (the same migrations, same lock).
    await migrate(db.kysely, resources);
    if (command.command === 'list') {
      const tenants = await listTenants(db.kysely);
      if (tenants.length === 0) console.log('No tenants. Create one: npm run tenant -- create --help');
      for (const t of tenants) console.log(`${t.id}\t${t.name}\t${t.users} users\tcreated ${t.createdAt}`);
      return 0;
    }
    const { tenant } = command;
    await mkdir(join(env.configDir, 'tenants'), { recursive: true });
    const created = await createTenant(db.kysely, env.configDir, tenant);
    console.log(`Created tenant "${tenant.id}" (${tenant.name}).`);
    console.log(`${created.configWritten ? 'Wrote' : 'Kept the existing'} config ${created.configFile}`);
    console.log(`Administrator: ${tenant.admin} <${tenant.email}>`);
    if (created.generatedPassword)
      console.log(
        `Password: ${created.generatedPassword}\n(shown only now: give it to the administrator, who changes it from the profile page)`,
      );
    if (env.DEFAULT_TENANT !== tenant.id)
      console.log(
        `The login page offers DEFAULT_TENANT (${env.DEFAULT_TENANT}) first; set DEFAULT_TENANT=${tenant.id} to offer this one.`,
      );
    return 0;
  } catch (error) {
    if (error instanceof TenantRefused) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
