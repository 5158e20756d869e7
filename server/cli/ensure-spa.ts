import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Runs before `npm start` starts the server (docs/deployment.md#npm-start): in development it builds
 * the SPA when dist/ is missing or older than its sources, so `npm install && npm start` works on a
 * fresh clone and after a pull; in production it builds nothing (Vite is a dev dependency; the
 * server refuses to start without a built SPA). A STATIC_DIR of one's own is never rebuilt.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');
// Everything `vite build` reads: a change to any of them makes dist/ stale.
const SOURCES = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
  'src',
  'resources',
  'i18n',
  'dataProviders',
  'public',
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

function main(): number {
  if (process.env.NODE_ENV === 'production') return 0;
  const staticDir = process.env.STATIC_DIR;
  if (staticDir && resolve(staticDir) !== DIST) return 0;
  const built = join(DIST, 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((source) => newestChange(join(ROOT, source))));
  if (builtAt >= changedAt) return 0;
  if (!existsSync(join(ROOT, 'node_modules', 'vite'))) {
    console.error(
      'The SPA needs building but Vite is not installed (dev dependencies omitted?). Run `npm install`, ' +
        'or set NODE_ENV=production to serve a SPA built beforehand.',
    );
    return 1;
  }
  console.log(builtAt === 0 ? 'Building the SPA (dist/ is missing)...' : 'Building the SPA (its sources changed)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  return build.status ?? 1;
}

process.exit(main());
