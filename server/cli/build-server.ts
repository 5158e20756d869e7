import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { fromRoot, PROJECT_ROOT } from '../paths';

/**
 * The compiled server (docs/deployment.md#the-compiled-server): server/index.ts and the tenant command
 * bundled by esbuild into dist-server/ as ES modules, so a start loads plain JavaScript instead of
 * compiling TypeScript through tsx. Packages stay in node_modules but a few (BUNDLED_PACKAGES below):
 * PGlite loads its wasm and extension files relative to its own module, pdfmake its fonts.
 */
export const SERVER_DIST = fromRoot('dist-server');
/** What the last build read, and when it started: ensure-built.ts rebuilds when one of them changed since. */
const MANIFEST = join(SERVER_DIST, 'build.json');

interface BuildManifest {
  startedAt: number;
  inputs: string[];
}

/**
 * A worker thread's entry (`<name>.worker.ts` anywhere under server/) is bundled on its own, next to
 * index.js (dist-server/<name>.worker.js): the bundled code's `import.meta.url` is dist-server/index.js,
 * so `new URL('./<name>.worker.js', import.meta.url)` finds it there, as `./<name>.worker.ts` finds the
 * source beside its module under tsx.
 */
function workerEntries(dir = fromRoot('server')): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(entries, workerEntries(path));
    else if (entry.name.endsWith('.worker.ts')) entries[basename(entry.name, '.ts')] = path;
  }
  return entries;
}

/**
 * Packages bundled into dist-server rather than loaded from node_modules: pure JavaScript ES modules
 * of many small files (kysely's are 279, zod's 106), which Node would resolve and load one by one at
 * each start. Every other package stays external, PGlite first (it loads its wasm and extensions
 * relative to its own module), and so do those with files of their own (pdfmake's fonts).
 */
const BUNDLED_PACKAGES = new Set(['kysely', 'zod']);

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(build) {
    // A bare specifier (a package or a node: builtin) stays an import unless its package is bundled.
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED_PACKAGES.has(packageOf(args.path)) ? undefined : { path: args.path, external: true },
    );
  },
};

/** Files besides the bundle's own inputs whose change makes a build stale. */
const BUILD_CONFIG = ['server/cli/build-server.ts', 'tsconfig.json'];

/** Builds dist-server/. Each file is written beside its place and renamed over it, so a server starting meanwhile never reads half a file. */
export async function buildServer(): Promise<void> {
  const startedAt = Date.now();
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: { index: 'server/index.ts', tenant: 'server/cli/tenant.ts', ...workerEntries() },
    outdir: SERVER_DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    plugins: [externalPackages],
    // Stack traces name the TypeScript lines (node --enable-source-maps); the sources stay out of the map.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(SERVER_DIST, { recursive: true });
  const write = (path: string, contents: string | Uint8Array) => {
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, contents);
    renameSync(temporary, path);
  };
  for (const file of result.outputFiles) write(file.path, file.contents);
  // Last: a build cut short leaves no manifest, hence a stale dist-server that the next start rebuilds.
  // The bundled packages' files change only with package-lock.json, which stands for them all.
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.split('/').includes('node_modules'));
  const manifest: BuildManifest = { startedAt, inputs: [...inputs, 'package-lock.json'] };
  write(MANIFEST, JSON.stringify(manifest, null, 2));
}

/** Why dist-server/ must be (re)built, or undefined when it is up to date with its sources. */
export function serverBuildNeeded(): string | undefined {
  if (!existsSync(join(SERVER_DIST, 'index.js')) || !existsSync(MANIFEST)) return 'dist-server/ is missing';
  let manifest: BuildManifest;
  try {
    manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as BuildManifest;
  } catch {
    return 'dist-server/build.json is unreadable';
  }
  // A file added under server/ is imported by one that changed; a new worker entry is looked for too.
  const inputs = [...manifest.inputs, ...BUILD_CONFIG, ...Object.values(workerEntries())];
  for (const input of inputs) {
    const path = fromRoot(input.startsWith('/') ? relative(PROJECT_ROOT, input) : input);
    if (!existsSync(path)) return `${input} is gone`;
    if (statSync(path).mtimeMs > manifest.startedAt) return 'its sources changed';
  }
  return undefined;
}
