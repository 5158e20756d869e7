import { spawn } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEnv, startServer, type ServerProcess } from '../../bench/crash-server';
import { buildServer, serverBuildNeeded } from '../../server/cli/build-server';
import { freshDataDir } from './helpers';

/**
 * The compiled server (docs/deployment.md#the-compiled-server): dist-server/ as `npm run build:server`
 * makes it, run by plain node with no tsx. The tenant command's bundle creates a tenant on an empty
 * PGlite folder, the server's bundle starts on it, answers /health, signs the administrator in and
 * serves the OpenAPI document, whose version it reads from package.json through the project root.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const PASSWORD = 'Compiled-2026!';
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await freshDataDir();
  await buildServer();
}, 120_000);
afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs a bundle of dist-server with plain node; its exit code and output. */
function runBundle(env: NodeJS.ProcessEnv, entry: string, args: string[]) {
  const child = spawn(process.execPath, [join('dist-server', entry), ...args], { cwd: ROOT, env });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise<{ code: number | null; out: string }>((done) => child.once('exit', (code) => done({ code, out })));
}

describe('the compiled server', () => {
  it('is up to date once built, and stale when a source changes', () => {
    expect(serverBuildNeeded()).toBeUndefined();
    const source = join(ROOT, 'server', 'paths.ts');
    const { atime, mtime } = statSync(source);
    try {
      const later = new Date(Date.now() + 60_000);
      utimesSync(source, later, later);
      expect(serverBuildNeeded()).toBe('its sources changed');
    } finally {
      utimesSync(source, atime, mtime);
    }
    expect(serverBuildNeeded()).toBeUndefined();
  });

  it('creates a tenant with the tenant bundle, then starts with plain node, signs in and documents its API', async () => {
    const env = serverEnv(dataDir, { CONFIG_DIR: join(dataDir, 'config'), SEED: 'none' });
    const created = await runBundle(env, 'tenant.js', [
      'create',
      '--id',
      'bianchi',
      '--name',
      'Bianchi Clima',
      '--admin',
      'admin',
      '--email',
      'it@bianchi.example',
      '--password',
      PASSWORD,
    ]);
    expect(created.out).toContain('Created tenant "bianchi" (Bianchi Clima).');
    expect(created.code).toBe(0);

    server = await startServer(env, 60_000, [process.execPath, '--enable-source-maps', 'dist-server/index.js']);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);

    const login = await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'backoffice',
        client_secret: 'backoffice-secret',
        scope: 'USERNAME',
        username: 'admin',
        password: PASSWORD,
        tenant: 'bianchi',
      }),
    });
    expect(login.status).toBe(200);
    const { AccessToken } = (await login.json()) as { AccessToken: string };
    const rates = await fetch(`${server.url}/sales/api/vat-rates?pageSize=5`, {
      headers: { authorization: `Bearer ${AccessToken}` },
    });
    expect(rates.status).toBe(200);

    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const docs = (await (await fetch(`${server.url}/docs/json`)).json()) as { info: { version: string } };
    expect(docs.info.version).toBe(version);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});
