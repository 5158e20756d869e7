import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from './http/rate-limit';
import { DEFAULT_HSTS_MAX_AGE } from './http/security-headers';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every setting of the process, from the environment (see README and the wire contract). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().optional(),
  CONFIG_DIR: z.string().min(1).default('./config'),
  /** The built SPA (`npm run build`); `off` serves none (an API-only process). */
  STATIC_DIR: z.string().min(1).default('./dist'),
  ACCESS_TOKEN_TTL: seconds(900),
  REFRESH_TOKEN_TTL: seconds(30 * 24 * 3600),
  /**
   * What an empty database is filled with: `demo` (tenants acme and globex, password demo1234) or
   * `none`. Unset: `demo`, or `none` when NODE_ENV=production, which refuses `demo` outright.
   */
  SEED: z.enum(['demo', 'none']).optional(),
  /** `production` on a real deployment: no demo data, no dev outbox, a prebuilt SPA required. */
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OAUTH2_CLIENT_ID: z.string().min(1).default('backoffice'),
  OAUTH2_CLIENT_SECRET: z.string().min(1).default('backoffice-secret'),
  APP_NAME: z.string().min(1).default('Climatica'),
  DEFAULT_TENANT: z.string().min(1).default('acme'),
  MONITORING_DSN: z.string().default(''),
  /** Largest file the storage service accepts, in bytes (20 MiB by default). */
  STORAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  /** Comma-separated service ids to serve; all when empty. */
  SERVICES: z.string().default(''),
  /** SMTP server for mails (password reset, documents to customers), e.g. smtp://user:pass@host:587; unset: mails go to DATA_DIR/outbox. */
  SMTP_URL: z.string().optional(),
  /** Sender of mails; "APP_NAME <no-reply@localhost>" by default. */
  MAIL_FROM: z.string().optional(),
  /** Where users open the app, for links in mails; http://localhost:PORT by default. */
  PUBLIC_URL: z.url().optional(),
  /** Run scheduled jobs (housekeeping, reminders) in this process; any number of processes may. */
  JOBS: z.enum(['on', 'off']).default('on'),
  /** How often the job runner looks for due jobs, in seconds. */
  JOBS_POLL_SECONDS: seconds(5),
  /** Which proxies' X-Forwarded-For to believe: false (default), true, a hop count, or addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  /** Strict-Transport-Security max-age in seconds; 0 sends no HSTS header. */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).default(DEFAULT_HSTS_MAX_AGE),
  /** API requests per minute per user (or per address before signing in); 0 disables the limit. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(DEFAULT_RATE_LIMIT_PER_MINUTE),
});

export type Env = Omit<z.infer<typeof envSchema>, 'SEED'> & {
  SEED: 'demo' | 'none';
  production: boolean;
  dataDir: string;
  configDir: string;
  /** Undefined with STATIC_DIR=off. */
  staticDir?: string;
  services?: string[];
  trustProxy: TrustProxy;
};

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = result.data;
  const production = env.NODE_ENV === 'production';
  // The demo users' password is public (README): a production database must never get them.
  if (production && env.SEED === 'demo')
    throw new Error(
      'Invalid environment:\n  SEED=demo is refused with NODE_ENV=production: the demo tenants have the public ' +
        'password demo1234. Unset SEED and create tenants with `npm run tenant -- create` ' +
        '(docs/deployment.md#tenants).',
    );
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY);
  } catch (error) {
    throw new Error(`Invalid environment:\n  TRUST_PROXY: ${(error as Error).message}`, { cause: error });
  }
  const services = env.SERVICES.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    ...env,
    SEED: env.SEED ?? (production ? 'none' : 'demo'),
    production,
    dataDir: resolve(env.DATA_DIR),
    configDir: resolve(env.CONFIG_DIR),
    staticDir: env.STATIC_DIR === 'off' ? undefined : resolve(env.STATIC_DIR),
    services: services.length > 0 ? services : undefined,
    trustProxy,
  };
}
