import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { build, type Manifest } from 'vite';
import { spaRoutes } from '../server/http/spa';

/**
 * What a browser receives: the login screen's JavaScript, and the first signed-in screen's, of the SPA
 * (raw, gzip, brotli, and as the server sends it for each Accept-Encoding: server/http/spa.ts on the
 * build's precompressed twins), next to a minimal react-admin app with one lazy resource built with the
 * same libraries and Vite config (bench/bundle-baseline). Figures only; nothing is asserted.
 *
 * What counts, from each build's manifest: the entry chunk and every chunk it imports statically
 * (transitively; index.html modulepreloads exactly those), plus, for the SPA, the chunks the login
 * screen cannot show without: the login page, a route loaded on demand that boot fetches at once when
 * nobody is signed in. What the login screen does not wait for (the toasts, error
 * reporting when configured) is listed apart.
 */
const ROOT = resolve(import.meta.dirname, '..');

interface App {
  name: string;
  configFile: string;
  /** Source files, loaded on demand, that the login screen needs before it shows. */
  loginChunks: readonly string[];
  /** Source files loaded on demand in the background, reported for information. */
  background: readonly string[];
  /** Source files, loaded on demand, that the first signed-in screen (the dashboard) adds. */
  signedIn: readonly string[];
}

export const SPA: App = {
  name: 'climatica SPA',
  configFile: join(ROOT, 'vite.config.ts'),
  loginChunks: ['src/shell/login/LoginPage.tsx'],
  background: ['src/app/notifications/Toaster.tsx'],
  // The definitions: fetched when a login starts (beforeLogin in src/app/tenant.ts).
  signedIn: ['src/app/definitions.ts', 'src/app/layout/AppLayout.tsx', 'src/shell/dashboard/Dashboard.tsx'],
};

export const BASELINE: App = {
  name: 'react-admin baseline',
  configFile: join(ROOT, 'bench/bundle-baseline/vite.config.ts'),
  loginChunks: [],
  background: [],
  signedIn: [],
};

interface Sizes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
  /** Bytes of the bodies the server sends for each Accept-Encoding (server/http/spa.ts). */
  served: Record<string, number>;
}

/** What browsers send: Chromium, a gzip-only client, and one that accepts no compression. */
const ACCEPT = ['gzip, deflate, br, zstd', 'gzip', 'identity'] as const;

export interface Measure {
  name: string;
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
  background: { raw: number; gzip: number };
  /** The login screen with what it loads in the background once shown. */
  login: Sizes;
  /** The first signed-in screen: the login screen's scripts plus the layout and the dashboard. */
  signedIn: Sizes;
  /** Files of the first load that carry the error-reporting SDK (must be none). */
  monitoringInFirstLoad: string[];
  /** Whether a chunk loaded on demand carries it (it is there for when monitoring is configured). */
  lazyMonitoring: boolean;
}

/** The manifest keys reachable from `keys` through static imports. */
function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle bench: ${key} is not a chunk of the build`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

async function sizes(outDir: string, files: Iterable<string>) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  const contents = new Map<string, string>();
  for (const file of files) {
    const bytes = await readFile(join(outDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    contents.set(file, bytes.toString('utf8'));
  }
  return { raw, gzip, brotli, contents };
}

/** The bodies the server sends for `files` (and index.html), per Accept-Encoding. */
async function served(outDir: string, files: Iterable<string>): Promise<Record<string, number>> {
  const app = Fastify({ logger: false });
  await app.register(spaRoutes, { staticDir: outDir, runtimeConfig: {} });
  const totals: Record<string, number> = {};
  try {
    for (const accept of ACCEPT) {
      totals[accept] = 0;
      for (const file of ['', ...files]) {
        const res = await app.inject({ method: 'GET', url: `/${file}`, headers: { 'accept-encoding': accept } });
        if (res.statusCode !== 200) throw new Error(`bundle bench: /${file} answered ${res.statusCode}`);
        totals[accept] += res.rawPayload.length;
      }
    }
  } finally {
    await app.close();
  }
  return totals;
}

async function measureFiles(outDir: string, files: Set<string>): Promise<Sizes> {
  const { raw, gzip, brotli } = await sizes(outDir, files);
  return { files: files.size, raw, gzip, brotli, served: await served(outDir, files) };
}

export async function measureApp(app: App): Promise<Measure> {
  const outDir = await mkdtemp(join(tmpdir(), 'climatica-bundle-'));
  try {
    await build({
      configFile: app.configFile,
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
    });
    const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
    const first = closure(manifest, [...entries, ...app.loginChunks]);
    const html = await readFile(join(outDir, 'index.html'), 'utf8');
    const files = new Set([...first].map((key) => manifest[key].file));
    // index.html's own script and modulepreloads are part of the first load whatever the manifest says.
    for (const [, href] of html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)) files.add(href);
    const measured = await sizes(outDir, files);
    const later = [...closure(manifest, app.background)].filter((key) => !first.has(key));
    const login = new Set([...files, ...later.map((key) => manifest[key].file)]);
    const signedIn = new Set([...login, ...[...closure(manifest, app.signedIn)].map((key) => manifest[key].file)]);
    const background = await sizes(
      outDir,
      later.map((key) => manifest[key].file),
    );
    const SENTRY = /sentry/i;
    const monitoringInFirstLoad = [...measured.contents].filter(([, code]) => SENTRY.test(code)).map(([file]) => file);
    const others = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js') && !files.has(file));
    const lazy = await sizes(outDir, others);
    const lazyMonitoring = [...lazy.contents.values()].some((code) => SENTRY.test(code));
    return {
      name: app.name,
      files: [...files].sort(),
      raw: measured.raw,
      gzip: measured.gzip,
      brotli: measured.brotli,
      background: { raw: background.raw, gzip: background.gzip },
      login: await measureFiles(outDir, login),
      signedIn: await measureFiles(outDir, signedIn),
      monitoringInFirstLoad,
      lazyMonitoring,
    };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Builds both apps and prints what a browser receives for their screens; asserts nothing. */
export async function benchBundle(): Promise<void> {
  const [ours, baseline] = [await measureApp(SPA), await measureApp(BASELINE)];
  const widths = [34, 7, 10, 10, 10, 10, 10, 10];
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log('\nJavaScript a browser receives (kB = 1000 bytes; index.html included in the served columns)');
  console.log(line(['screen', 'scripts', 'raw', 'gzip', 'brotli', 'sent br', 'sent gz', 'sent id']));
  const row = (label: string, sizes: Sizes) =>
    console.log(
      line([
        label,
        String(sizes.files),
        kB(sizes.raw),
        kB(sizes.gzip),
        kB(sizes.brotli),
        ...ACCEPT.map((accept) => kB(sizes.served[accept])),
      ]),
    );
  row(`${ours.name}: login screen`, ours.login);
  row(`${ours.name}: first signed-in`, ours.signedIn);
  row(`${baseline.name}: login screen`, baseline.login);
  console.log(
    `first load only (entry, static imports, login page): ${kB(ours.gzip)} gzip, ${kB(ours.brotli)} brotli` +
      `; baseline ${kB(baseline.gzip)} gzip, ratio ${(ours.gzip / baseline.gzip).toFixed(3)}`,
  );
  console.log(
    `loaded after the login screen shows (toasts): ${kB(ours.background.gzip)} gzip` +
      `; error-reporting SDK in the first load: ${ours.monitoringInFirstLoad.length === 0 ? 'no' : ours.monitoringInFirstLoad.join(', ')}`,
  );
}
