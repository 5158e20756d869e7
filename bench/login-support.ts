import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, stat } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** What the login benchmark (bench/login.ts) runs on: the SPA's build, our server, the floor app and its server. */
export const ROOT = resolve(import.meta.dirname, '..');

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** The SPA built with its own config into a temporary folder (BENCH_SPA_DIR reuses a build made before). */
export async function buildSpa(): Promise<string> {
  if (process.env.BENCH_SPA_DIR) return resolve(process.env.BENCH_SPA_DIR);
  const outDir = await mkdtemp(join(tmpdir(), 'climatica-bench-spa-'));
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  return outDir;
}

/** The floor app (bench/floor) built on its own: react and react-admin only, none of the SPA's config. */
export async function buildFloor(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'climatica-bench-floor-'));
  await build({
    configFile: false,
    root: join(ROOT, 'bench/floor'),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4096 },
  });
  return outDir;
}

/**
 * Our server as `npm start` runs it, on a fresh data folder with the demo seed (tenant acme, admin /
 * demo1234), serving `staticDir`. Resolves once /health answers.
 */
export async function startServer(staticDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'climatica-bench-login-data-'));
  // Vite's build sets NODE_ENV=production in this process, and the server refuses the demo seed with it.
  const { NODE_ENV: _built, ...env } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      JOBS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, fail) =>
    child.once('exit', (code) => fail(new Error(`login bench: the server exited with ${code}`))),
  );
  exited.catch(() => undefined);
  const deadline = Date.now() + 300_000;
  for (;;) {
    const ok = await Promise.race([
      fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      ),
      exited,
    ]);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('login bench: the server did not start in 5 minutes');
    await new Promise((done) => setTimeout(done, 500));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const gone = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** Paths the floor's server hands to ours: the token, the list, and the runtime config (client id). */
const PROXIED = /^\/(oauth2|address-book)\/|^\/runtime-config\.json/;

/**
 * The floor app's files from `dir`, and everything else proxied to our server, so both apps reach the
 * same backend and data. Files are sent uncompressed: on the loopback, bytes are not what is measured.
 */
export async function serveFloor(dir: string, backend: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const target = new URL(backend);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (PROXIED.test(path)) {
      const upstream = request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
      return;
    }
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir)) {
      res.writeHead(404).end();
      return;
    }
    stat(file)
      .then((info) => {
        if (!info.isFile()) throw new Error('not a file');
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        createReadStream(file).pipe(res);
      })
      .catch(() => res.writeHead(404).end());
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((done) => server.close(() => done())),
  };
}
