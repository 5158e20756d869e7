import { parseArgs } from 'node:util';
import { z } from 'zod';
import { USERNAME_PATTERN } from '../../resources/users';
import { TENANT_ID } from '../services/config/tenant-config';

export const USAGE = `Usage:
  npm run tenant -- create --id <tenant> --name <company name> --admin <username> --email <address>
                           [--password <password>] [--locale it|en]
  npm run tenant -- list

create  adds a tenant, its config file (CONFIG_DIR/tenants/<tenant>.json, kept if it already exists)
        and its first administrator. Without --password one is generated and printed once.
list    prints the tenants of the database.

The database is the server's: DATABASE_URL, or PGlite in DATA_DIR (stop the server first).
See docs/deployment.md#tenants.`;

export interface CreateTenant {
  id: string;
  name: string;
  admin: string;
  email: string;
  /** Absent: the command generates one. */
  password?: string;
  locale: 'it' | 'en';
}

export type TenantCommand = { command: 'create'; tenant: CreateTenant } | { command: 'list' } | { command: 'help' };

/** A command line that cannot run: the message says what to fix, one line per problem. */
export class UsageError extends Error {}

const createSchema = z.object({
  id: z
    .string({ error: 'is required' })
    .regex(TENANT_ID, 'must be lower-case letters, digits and dashes, starting with a letter or digit (at most 63)'),
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'must not be blank')
    .max(200, 'must be at most 200 characters'),
  admin: z
    .string({ error: 'is required' })
    .max(64, 'must be at most 64 characters')
    .regex(USERNAME_PATTERN, 'must be letters, digits and . _ - @, starting with a letter or digit'),
  email: z.email({ error: 'must be an e-mail address' }),
  password: z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters').optional(),
  locale: z.enum(['it', 'en'], { error: 'must be it or en' }).default('it'),
});

/** The arguments after `npm run tenant --`, checked all at once so one run names every problem. */
export function parseTenantArgs(argv: readonly string[]): TenantCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h')
    return { command: 'help' };
  if (command === 'list') {
    if (rest.length > 0) throw new UsageError(`list takes no arguments (got ${rest.join(' ')})`);
    return { command: 'list' };
  }
  if (command !== 'create') throw new UsageError(`Unknown command "${command}": use create or list`);
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...rest],
      strict: true,
      allowPositionals: false,
      options: {
        id: { type: 'string' },
        name: { type: 'string' },
        admin: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        locale: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const result = createSchema.safeParse(values);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  --${issue.path.join('.')}: ${issue.message}`);
    throw new UsageError(`Cannot create the tenant:\n${lines.join('\n')}`);
  }
  return { command: 'create', tenant: result.data };
}
