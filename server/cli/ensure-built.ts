import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fromRoot, PROJECT_ROOT } from '../paths';
import { buildServer, serverBuildNeeded } from './build-server';

/**
 * Runs before `npm start` and `npm run tenant` (docs/deployment.md#npm-start): builds what is missing or
 * older than its sources, so `npm install && npm start` works on a fresh clone and after a pull.
 *
 * - `server`: the compiled server in dist-server/ (build-server.ts).
 * - `spa`: the SPA in dist/. A STATIC_DIR of one's own is never rebuilt.
 *
 * In production (NODE_ENV=production) nothing is built: both come from `npm run build` beforehand, as
 * in the Dockerfile's first stage, and an install may not be writable. A missing server stops the start
 * saying so (as a missing SPA does, server/deployment.ts); one older than its sources is run with a warning.
 *
 * Usage: `ensure-built.ts [--always] [server] [spa]` (both when none is named; `--always` builds even
 * when up to date: `npm run build:server`).
 */
const DIST = fromRoot('dist');
// Everything `vite build` reads: a change to any of them makes dist/ stale.
const SPA_SOURCES = [
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

function ensureSpa(): number {
  if (process.env.NODE_ENV === 'production') return 0;
  const staticDir = process.env.STATIC_DIR;
  if (staticDir && resolve(staticDir) !== DIST) return 0;
  const built = join(DIST, 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...SPA_SOURCES.map((source) => newestChange(fromRoot(source))));
  if (builtAt >= changedAt) return 0;
  if (!existsSync(fromRoot('node_modules', 'vite'))) {
    console.error(
      'The SPA needs building but Vite is not installed (dev dependencies omitted?). Run `npm install`, ' +
        'or set NODE_ENV=production to serve a SPA built beforehand.',
    );
    return 1;
  }
  console.log(builtAt === 0 ? 'Building the SPA (dist/ is missing)...' : 'Building the SPA (its sources changed)...');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  return build.status ?? 1;
}

async function ensureServer(always: boolean): Promise<number> {
  // An install holding only the built server (no sources beside it) has nothing to rebuild from.
  if (!existsSync(fromRoot('server', 'index.ts'))) return 0;
  const reason = always ? 'asked for' : serverBuildNeeded();
  if (!reason) return 0;
  if (!always && process.env.NODE_ENV === 'production') {
    if (existsSync(fromRoot('dist-server', 'index.js'))) {
      console.warn(`Warning: the compiled server is out of date (${reason}): run \`npm run build\`.`);
      return 0;
    }
    console.error('No built server in dist-server/: run `npm run build` (or `npm run build:server`) first.');
    return 1;
  }
  console.log(`Building the server (${reason})...`);
  try {
    await buildServer();
    return 0;
  } catch (error) {
    // esbuild has printed each error with its file and line.
    console.error(`The server could not be built: ${(error as Error).message.split('\n')[0]}`);
    return 1;
  }
}

async function main(args: readonly string[]): Promise<number> {
  const always = args.includes('--always');
  const named = args.filter((arg) => arg === 'server' || arg === 'spa');
  const parts = named.length > 0 ? named : ['server', 'spa'];
  if (parts.includes('server') && (await ensureServer(always)) !== 0) return 1;
  if (parts.includes('spa') && ensureSpa() !== 0) return 1;
  return 0;
}

process.exit(await main(process.argv.slice(2)));
