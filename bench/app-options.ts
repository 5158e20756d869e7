import { resolve } from 'node:path';
import type { AppOptions } from '../server/app';

/**
 * The in-process server every HTTP benchmark builds (with its own `db` and `dataDir`): the demo tenants
 * and users, no demo contacts or module data, no logging, and no general rate limit (one user sends
 * thousands of requests a minute here: the limit would measure itself).
 */
export const BENCH_APP = {
  configDir: resolve(import.meta.dirname, '../config'),
  accessTokenTtl: 900,
  clients: [{ id: 'backoffice', secret: 'backoffice-secret' }],
  seed: 'demo',
  seedContacts: 0,
  demoScale: 0,
  logger: false,
  runtime: { appName: 'bench', defaultTenant: 'acme', monitoringDsn: '' },
  rateLimitPerMinute: 0,
} satisfies Omit<AppOptions, 'db' | 'dataDir'>;
