import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from './env';

/**
 * Checks a start can serve what it promises, before the database is opened (docs/deployment.md).
 * Returns warnings worth logging once the logger exists; throws what must stop the start.
 */
export function checkDeployment(env: Env): string[] {
  // Production never builds (Vite is a dev dependency): the SPA must have been built beforehand.
  if (env.production && env.staticDir && !existsSync(join(env.staticDir, 'index.html')))
    throw new Error(
      `No built SPA in ${env.staticDir} (index.html is missing), and NODE_ENV=production never builds one. ` +
        'Run `npm run build` where the dev dependencies are installed (the Dockerfile does), point STATIC_DIR ' +
        'at the built folder, or set STATIC_DIR=off for a process that serves the API only.',
    );
  // A fresh CONFIG_DIR (a new volume) has no tenants yet; `npm run tenant -- create` writes them there.
  mkdirSync(join(env.configDir, 'tenants'), { recursive: true });
  const warnings: string[] = [];
  if (!existsSync(join(env.configDir, 'tenants', `${env.DEFAULT_TENANT}.json`)))
    warnings.push(
      `DEFAULT_TENANT "${env.DEFAULT_TENANT}" has no config in ${join(env.configDir, 'tenants')}: the login page ` +
        `cannot show until that tenant is created (npm run tenant -- create --id ${env.DEFAULT_TENANT} ...) or ` +
        'DEFAULT_TENANT names an existing one.',
    );
  return warnings;
}
