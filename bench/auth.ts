import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { openDatabase, type Database } from '../server/db/connect';
import { BENCH_APP } from './app-options';
import { scratchDatabase } from './crash-durability';
import { login } from './crash-server';
import { recordFigure } from './summary';

/**
 * Authentication's cost over real HTTP (issue 15): a trivial authenticated route (`GET /oauth2/session`,
 * no database work of its own) against trivial unauthenticated ones (`/runtime-config.json`, and `/health`
 * with its `select 1`), req/s at a fixed concurrency over keep-alive connections, and the ratio; then the
 * latency of a static file of the SPA while a burst of logins hashes passwords. On PGlite, and with
 * DATABASE_URL also on PostgreSQL (a scratch database created on that server and dropped after).
 * Prints figures; asserts nothing. BENCH_SECONDS (3) per case, BENCH_CONCURRENCY (16), BENCH_LOGINS (8).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 8);

/** A static file as the SPA ships them (a hashed asset), large enough for the read to matter. */
const ASSET = '/assets/index-a1b2c3d4.js';

export async function benchAuth(): Promise<void> {
  await benchOn('PGlite', undefined);
  if (process.env.DATABASE_URL) await benchOn('PostgreSQL', process.env.DATABASE_URL);
}

async function benchOn(kind: string, serverUrl: string | undefined): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'climatica-bench-auth-'));
  const staticDir = join(dataDir, 'static');
  await mkdir(join(staticDir, 'assets'), { recursive: true });
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');
  await writeFile(join(staticDir, ASSET), `/* bench */ ${'x'.repeat(300 * 1024)}`);
  const scratch = serverUrl ? await scratchDatabase(serverUrl) : undefined;
  let db: Database | undefined;
  let app: FastifyInstance | undefined;
  try {
    db = await openDatabase({ databaseUrl: scratch?.url, dataDir });
    app = await buildApp({
      db,
      dataDir,
      ...BENCH_APP,
      staticDir,
      // Concurrent attempts count before they are checked (throttle.ts): the burst below would be refused.
      throttle: { perUserAddress: 1_000_000, perAddress: 1_000_000, perUserBeforeDelay: 1_000_000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}`;
    const token = await login(base);
    const auth = { authorization: `Bearer ${token}` };

    console.log(`\nauthentication (${kind}), ${CONCURRENCY} concurrent keep-alive connections, ${SECONDS} s each`);
    console.log('route                                      req/s    p50 ms    p99 ms');
    const cases: [string, string, Record<string, string>][] = [
      ['GET /runtime-config.json (no auth, no DB)', '/runtime-config.json', {}],
      ['GET /health (no auth, select 1)', '/health', {}],
      ['GET /oauth2/session (auth, no DB)', '/oauth2/session', auth],
      ['GET /oauth2/api/me (auth, 1 query)', '/oauth2/api/me', auth],
    ];
    const rps: Record<string, number> = {};
    for (const [name, path, headers] of cases) {
      await load(base, path, headers, 1, 0.5); // warm-up: the user's state, JIT
      const r = await load(base, path, headers, CONCURRENCY, SECONDS);
      rps[path] = r.rps;
      console.log(
        `${name.padEnd(42)} ${r.rps.toFixed(0).padStart(6)} ${r.p50.toFixed(2).padStart(9)} ${r.p99.toFixed(2).padStart(9)}`,
      );
    }
    const ratio = (a: string, b: string) => (rps[a] / rps[b]).toFixed(2);
    console.log(
      `authenticated / unauthenticated req/s: ${ratio('/oauth2/session', '/runtime-config.json')} (target ≥ 0.5)`,
    );
    console.log(`authenticated / /health req/s: ${ratio('/oauth2/session', '/health')}`);
    recordFigure({
      name: `authenticated / unauthenticated trivial route, req/s (${kind})`,
      value: rps['/oauth2/session'] / rps['/runtime-config.json'],
      unit: '',
      target: 0.5,
      bound: 'min',
    });

    // The static file alone, one request at a time, then the same while LOGINS password grants run at once.
    const quiet = await load(base, ASSET, {}, 1, SECONDS);
    const burst = await duringLogins(base, LOGINS);
    console.log(`static file (${ASSET}, 300 KB) latency, one request at a time:`);
    console.log(`  quiet:                       p50 ${quiet.p50.toFixed(1)} ms, p99 ${quiet.p99.toFixed(1)} ms`);
    console.log(
      `  during ${LOGINS} concurrent logins:  p50 ${burst.p50.toFixed(1)} ms, max ${burst.max.toFixed(1)} ms ` +
        `(${burst.count} requests; the logins took ${burst.loginSeconds.toFixed(1)} s)`,
    );
  } finally {
    await app?.close();
    await db?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Static-file latencies while `count` logins run at once; the logins must all succeed. */
async function duringLogins(base: string, count: number) {
  const start = performance.now();
  let done = false;
  const logins = Promise.all(Array.from({ length: count }, () => login(base))).finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const t = performance.now();
    const res = await fetch(`${base}${ASSET}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${ASSET}: ${res.status}`);
    latencies.push(performance.now() - t);
  }
  await logins;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
    max: latencies[latencies.length - 1] ?? 0,
    loginSeconds: (performance.now() - start) / 1000,
  };
}

/**
 * The load generator runs on a thread of its own (plain JavaScript: node:http with a keep-alive agent),
 * so its work does not share the server's event loop and dilute the difference being measured.
 */
const LOADER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, headers, concurrency, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
let failures = 0;
const until = performance.now() + seconds * 1000;
const once = () => new Promise((resolve) => {
  const t = performance.now();
  const req = http.get(url, { agent, headers }, (res) => {
    res.resume();
    res.on('end', () => {
      if (res.statusCode !== 200) failures++;
      latencies.push(performance.now() - t);
      resolve();
    });
  });
  req.on('error', () => { failures++; resolve(); });
});
const loop = async () => { while (performance.now() < until) await once(); };
const start = performance.now();
Promise.all(Array.from({ length: concurrency }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ latencies, failures, elapsed: (performance.now() - start) / 1000 });
});
`;

async function load(base: string, path: string, headers: Record<string, string>, concurrency: number, seconds: number) {
  const worker = new Worker(LOADER, {
    eval: true,
    workerData: { url: `${base}${path}`, headers, concurrency, seconds },
  });
  const result = await new Promise<{ latencies: number[]; failures: number; elapsed: number }>((done, fail) => {
    worker.once('message', done);
    worker.once('error', fail);
  });
  await worker.terminate();
  if (result.failures > 0) throw new Error(`${path}: ${result.failures} requests failed`);
  const sorted = result.latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  return { rps: sorted.length / result.elapsed, p50: at(0.5), p99: at(0.99) };
}
