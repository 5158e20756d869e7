import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverEnv, spawnServer, startServer, type ServerProcess } from '../../bench/crash-server';
import { buildServer, serverBuildNeeded } from '../../server/cli/build-server';
import { freshDataDir } from './helpers';

/**
 * `npm start` as a container runs it (docs/deployment.md#npm-start): NODE_ENV=production, a SPA and the
 * compiled server built beforehand, and the server exec'd by npm's shell so that SIGTERM, whether sent to npm or to the
 * process npm started, reaches the server, which drains and exits within the 10 s a container stop
 * allows. Also: production without a built SPA, and a stale lock naming a reused pid.
 */
const NPM_START = ['npm', 'start', '--silent'];
const running: ServerProcess[] = [];
let dataDir: string;
let spa: string;
beforeAll(async () => {
  dataDir = await freshDataDir();
  spa = join(dataDir, 'spa');
  await mkdir(spa);
  await writeFile(join(spa, 'index.html'), '<!doctype html><title>Climatica</title>');
  // And the server compiled beforehand (`npm run build`, the Dockerfile's first stage): production builds nothing.
  if (serverBuildNeeded()) await buildServer();
}, 120_000);
afterEach(() => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    // A server npm's death would orphan (the defect this file guards against) must not outlive the test.
    for (const pid of loggedPids(server)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const production = () => serverEnv(dataDir, { NODE_ENV: 'production', STATIC_DIR: spa });

function loggedPids(server: ServerProcess): Set<number> {
  const lines = server.output.filter((line) => line.startsWith('{'));
  return new Set(lines.map((line) => (JSON.parse(line) as { pid: number }).pid));
}

/** The pid the server logs in its own lines (pino's `pid`): the process that actually serves. */
function serverPid(server: ServerProcess): number {
  const listening = server.output
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; pid: number })
    .find((line) => line.msg.startsWith('Server listening'));
  if (!listening) throw new Error(`no listening line:\n${server.output.join('\n')}`);
  return listening.pid;
}

/** Fields of /proc/<pid>/stat from the third (state) on: [1] is the parent pid, [19] the start time. */
const statOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};
const parentOf = (pid: number) => Number(statOf(pid)[1]);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves with the milliseconds it took for the pid to disappear; rejects after `ms`. */
async function goneWithin(pid: number, ms: number): Promise<number> {
  const started = Date.now();
  while (alive(pid)) {
    if (Date.now() - started > ms) throw new Error(`pid ${pid} still runs after ${ms} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return Date.now() - started;
}

async function refused(url: string): Promise<boolean> {
  return fetch(`${url}/health`).then(
    () => false,
    () => true,
  );
}

describe('npm start in production', () => {
  it('serves the prebuilt SPA from a process npm started directly; SIGTERM to it stops the server within 10 s', async () => {
    const npm = await startServer(production(), 120_000, NPM_START);
    running.push(npm);
    expect((await fetch(`${npm.url}/health`)).status).toBe(200);
    expect(await (await fetch(`${npm.url}/`)).text()).toContain('<title>Climatica</title>');
    // Production never builds (Vite is a dev dependency): no build ran before the server.
    expect(npm.output.join('\n')).not.toMatch(/Building the|vite/i);
    const pid = serverPid(npm);
    // No shell, no tsx wrapper in between: npm's child is the server itself, the compiled one.
    expect(parentOf(pid)).toBe(npm.child.pid);
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain('dist-server/index.js');

    process.kill(pid, 'SIGTERM');
    await goneWithin(pid, 10_000);
    expect(await npm.exited).toEqual({ code: 0, signal: null });
    expect(await refused(npm.url)).toBe(true);
  }, 180_000);

  it('SIGTERM to npm itself (what `docker stop` sends to the command it started) stops the server within 10 s', async () => {
    const npm = await startServer(production(), 120_000, NPM_START);
    running.push(npm);
    const pid = serverPid(npm);
    npm.child.kill('SIGTERM');
    await goneWithin(pid, 10_000);
    await npm.exited;
    expect(await refused(npm.url)).toBe(true);
    expect(npm.output.some((line) => line.includes('"msg":"shutting down"'))).toBe(true);
  }, 180_000);

  it('refuses to start without a built SPA, saying how to build one', async () => {
    const server = spawnServer(serverEnv(dataDir, { NODE_ENV: 'production', STATIC_DIR: join(dataDir, 'nothing') }));
    running.push(server);
    expect((await server.exited).code).toBe(1);
    expect(server.output.join('\n')).toContain(`No built SPA in ${join(dataDir, 'nothing')}`);
    expect(server.output.join('\n')).toContain('npm run build');
  }, 60_000);
});

describe('a stale PGlite lock naming a pid the system gave to another process', () => {
  let other: ChildProcess;
  afterAll(() => {
    other?.kill('SIGKILL');
  });

  it('is taken over: the server starts', async () => {
    other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
    await new Promise((done) => other.once('spawn', done));
    // The crashed owner had that pid, but started at another time than the process holding it now.
    // The lock as the server writes it: the bare pid first, then what tells that process apart.
    const start = Number(statOf(other.pid!)[19]) - 1000;
    await writeFile(join(dataDir, 'server.lock'), `${other.pid}\nstart ${start}\n`);
    const server = await startServer(serverEnv(dataDir, { SEED: 'none' }));
    running.push(server);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  }, 180_000);
});
