import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, serverBuildNeeded } from '../server/cli/build-server';
import { scratchDatabase } from './crash-durability';
import { SERVER_COMMAND, serverEnv, startServer } from './crash-server';
import { recordFigure } from './summary';

/**
 * Start-up (issue 15, docs/deployment.md#start-up-time): the first start on an empty DATA_DIR (migrations
 * and the demo seed) and restarts on the data it left, with tsx and with the compiled server
 * (dist-server/, built first when stale), each timed from the spawn of the process to /health answering
 * 200, with the process's peak memory (VmHWM) read just before it is stopped with SIGTERM. PGlite, and
 * with DATABASE_URL a scratch database on that server too. Prints figures next to the targets; asserts
 * nothing. BENCH_RESTARTS=5 for more restarts per command (median).
 */
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);
const TARGET_RESTART_MS = 1500;
const TARGET_PEAK_MB = 700;

const COMPILED: readonly string[] = [process.execPath, '--enable-source-maps', 'dist-server/index.js'];

interface Start {
  ms: number;
  peakMb: number;
}

/** Peak resident memory of a running process so far, in MB (VmHWM of /proc/<pid>/status). */
function peakMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return line ? Number(/\d+/.exec(line)?.[0] ?? 0) / 1024 : Number.NaN;
}

/** One start: spawn, wait for /health 200, read the peak memory, stop with SIGTERM. */
async function timedStart(env: NodeJS.ProcessEnv, command: readonly string[]): Promise<Start> {
  const started = performance.now();
  const server = await startServer(env, 600_000, command);
  try {
    for (;;) {
      const res = await fetch(`${server.url}/health`).catch(() => undefined);
      if (res?.status === 200) break;
      await new Promise((done) => setTimeout(done, 10));
    }
    const ms = performance.now() - started;
    return { ms, peakMb: peakMb(server.child.pid!) };
  } finally {
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    if (code !== 0) console.log(`  (the server exited with code ${code})`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function row(name: string, start: Start, target: string): void {
  const time = start.ms >= 10_000 ? `${(start.ms / 1000).toFixed(1)} s` : `${start.ms.toFixed(0)} ms`;
  console.log(`${name.padEnd(34)} ${time.padStart(9)} ${`${start.peakMb.toFixed(0)} MB`.padStart(9)}   ${target}`);
}

async function restarts(env: NodeJS.ProcessEnv, command: readonly string[]): Promise<Start> {
  const runs: Start[] = [];
  for (let i = 0; i < RESTARTS; i++) runs.push(await timedStart(env, command));
  return { ms: median(runs.map((r) => r.ms)), peakMb: median(runs.map((r) => r.peakMb)) };
}

async function benchOn(database: 'PGlite' | 'PostgreSQL', databaseUrl?: string): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'climatica-bench-startup-'));
  const scratch = databaseUrl ? await scratchDatabase(databaseUrl) : undefined;
  try {
    // The jobs run as in production; the demo seed fills the empty database on the first start.
    const env = serverEnv(dataDir, { JOBS: 'on', ...(scratch ? { DATABASE_URL: scratch.url } : {}) });
    // The machine may be shared: the load says how much of it the figures had.
    console.log(`\nstart-up on ${database} (load average ${loadavg()[0].toFixed(1)})`);
    console.log(`${'case'.padEnd(34)} ${'time'.padStart(9)} ${'peak RSS'.padStart(9)}   target`);
    const first = await timedStart(env, COMPILED);
    row('first start (empty, demo seed)', first, `peak < ${TARGET_PEAK_MB} MB`);
    const target = `< ${TARGET_RESTART_MS} ms`;
    row(`restart, tsx (median of ${RESTARTS})`, await restarts(env, SERVER_COMMAND), target);
    const compiled = await restarts(env, COMPILED);
    row(`restart, compiled (median of ${RESTARTS})`, compiled, target);
    const figure = (name: string, value: number, unit: string, limit: number) =>
      recordFigure({ name: `${name} (${database})`, value, unit, target: limit, bound: 'max' });
    figure('first start, peak memory', first.peakMb, 'MB', TARGET_PEAK_MB);
    figure('restart on existing data, compiled server', compiled.ms, 'ms', TARGET_RESTART_MS);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

export async function benchStartup(): Promise<void> {
  const stale = serverBuildNeeded();
  if (stale) {
    console.log(`Building the server (${stale})...`);
    await buildServer();
  }
  await benchOn('PGlite');
  if (process.env.DATABASE_URL) await benchOn('PostgreSQL', process.env.DATABASE_URL);
}
