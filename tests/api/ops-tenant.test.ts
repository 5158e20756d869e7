import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverEnv, startServer, type ServerProcess } from '../../bench/crash-server';
import { buildServer, serverBuildNeeded } from '../../server/cli/build-server';
import { CLIENT, freshDataDir } from './helpers';

/**
 * A production start on an empty database has no tenant (no demo data, whatever SEED says), and
 * `npm run tenant -- create` is the way to get one (docs/deployment.md#tenants): its administrator
 * signs in over HTTP, its config is served, its reference data is there. On PGlite the command waits
 * for the server to stop; on PostgreSQL it runs beside running servers.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const running: ServerProcess[] = [];
let dataDir: string;
let configDir: string;
beforeAll(async () => {
  dataDir = await freshDataDir();
  // An empty CONFIG_DIR, as on a new volume: the demo tenants' configs are not there either.
  configDir = await mkdtemp(join(tmpdir(), 'climatica-config-'));
  // The tenant command runs the compiled one, which production expects built beforehand (`npm run build`).
  if (serverBuildNeeded()) await buildServer();
}, 120_000);
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await rm(configDir, { recursive: true, force: true });
});

const productionEnv = (extra: Record<string, string> = {}) =>
  serverEnv(dataDir, {
    NODE_ENV: 'production',
    STATIC_DIR: 'off',
    CONFIG_DIR: configDir,
    DEFAULT_TENANT: 'rossi',
    ...extra,
  });

async function start(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const server = await startServer(env);
  running.push(server);
  return server;
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);
}

/** `npm run tenant -- <args>`: its exit code and everything it printed. */
function tenantCommand(env: NodeJS.ProcessEnv, args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn('npm', ['run', '--silent', 'tenant', '--', ...args], { cwd: ROOT, env });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ code, out })));
}

async function token(url: string, tenant: string, username: string, password: string): Promise<Response> {
  return fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      scope: 'USERNAME',
      username,
      password,
      tenant,
    }),
  });
}

/** Signs in and reads what a new tenant needs from its first day: its config and the VAT rates. */
async function expectUsable(url: string, tenant: string, username: string, password: string, brand: string) {
  const login = await token(url, tenant, username, password);
  expect(login.status).toBe(200);
  const { AccessToken } = (await login.json()) as { AccessToken: string };
  const me = await fetch(`${url}/oauth2/tenant`, { headers: { authorization: `Bearer ${AccessToken}` } });
  expect(((await me.json()) as { data: { configFileUrl: string } }).data.configFileUrl).toBe(`/config/${tenant}.json`);
  const config = await fetch(`${url}/config/${tenant}.json`);
  expect(config.status).toBe(200);
  expect(((await config.json()) as { brand: { name: string } }).brand.name).toBe(brand);
  const vat = await fetch(`${url}/sales/api/vat-rates`, { headers: { authorization: `Bearer ${AccessToken}` } });
  expect(vat.status).toBe(200);
  expect(((await vat.json()) as { total: number }).total).toBeGreaterThan(0);
}

const CREATE_ROSSI = ['create', '--id', 'rossi', '--name', 'Rossi Impianti', '--admin', 'mario.rossi'];

describe('production on PGlite: no demo tenant, then the tenant command', () => {
  it('starts with no tenant, even with demo users asked for by their password', async () => {
    const server = await start(productionEnv());
    expect((await token(server.url, 'acme', 'admin', 'demo1234')).status).toBe(400);
    expect((await fetch(`${server.url}/config/acme.json`)).status).toBe(404);
    // While the server holds the folder, the command refuses and says what to do.
    const refused = await tenantCommand(productionEnv(), [...CREATE_ROSSI, '--email', 'it@rossi.example']);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`The data folder ${dataDir} is in use by another process`);
    expect(refused.out).toContain('stop it, run this command, start it again');
    await stop(server);
  }, 180_000);

  it('refuses SEED=demo with NODE_ENV=production', async () => {
    const result = await new Promise<{ code: number | null; out: string }>((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        cwd: ROOT,
        env: productionEnv({ SEED: 'demo' }),
      });
      let out = '';
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('exit', (code) => done({ code, out }));
    });
    expect(result.code).toBe(1);
    expect(result.out).toContain('SEED=demo is refused with NODE_ENV=production');
  }, 60_000);

  it('creates tenants whose administrators sign in; creating one again changes nothing', async () => {
    const env = productionEnv();
    const rossi = await tenantCommand(env, [
      ...CREATE_ROSSI,
      '--email',
      'it@rossi.example',
      '--password',
      'Rossi-2026!',
    ]);
    expect(rossi.out).toContain('Created tenant "rossi" (Rossi Impianti).');
    expect(rossi.code).toBe(0);
    const configFile = join(configDir, 'tenants', 'rossi.json');
    const written = await readFile(configFile, 'utf8');

    const again = await tenantCommand(env, [
      ...CREATE_ROSSI,
      '--email',
      'other@rossi.example',
      '--password',
      'Other-2026!',
    ]);
    expect(again.code).toBe(1);
    expect(again.out).toContain('The tenant "rossi" already exists: nothing was changed.');
    expect(await readFile(configFile, 'utf8')).toBe(written);

    // No --password: one is generated and printed once.
    const bianchi = await tenantCommand(env, ['create', '--id', 'bianchi', '--name', 'Bianchi Clima', '--admin', 'admin', '--email', 'a@bianchi.example']); // prettier-ignore
    expect(bianchi.code).toBe(0);
    const generated = /Password: (\S+)/.exec(bianchi.out)?.[1];
    expect(generated).toMatch(/^[\w-]{18}$/);

    const list = await tenantCommand(env, ['list']);
    expect(list.out).toMatch(/^bianchi\tBianchi Clima\t1 users\t.*\nrossi\tRossi Impianti\t1 users\t/m);

    const server = await start(env);
    await expectUsable(server.url, 'rossi', 'mario.rossi', 'Rossi-2026!', 'Rossi Impianti');
    await expectUsable(server.url, 'bianchi', 'admin', generated!, 'Bianchi Clima');
    // The first password stands: the refused second run did not replace it.
    expect((await token(server.url, 'rossi', 'mario.rossi', 'Other-2026!')).status).toBe(400);
    await stop(server);
  }, 240_000);
});

describe.runIf(process.env.DATABASE_URL)('production on PostgreSQL: the command beside running servers', () => {
  const name = `test_tenant_${randomBytes(5).toString('hex')}`;
  let databaseUrl: string;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('two processes start at once on an empty database (migrations take turns); a tenant created meanwhile is served by both', async () => {
    const env = productionEnv({ DATABASE_URL: databaseUrl });
    const servers = await Promise.all([start(env), start({ ...env, JOBS: 'on' })]);
    for (const server of servers) expect((await token(server.url, 'acme', 'admin', 'demo1234')).status).toBe(400);
    const created = await tenantCommand(env, ['create', '--id', 'verdi', '--name', 'Verdi Frigoriferi', '--admin', 'admin', '--email', 'a@verdi.example', '--password', 'Verdi-2026!']); // prettier-ignore
    expect(created.code).toBe(0);
    for (const server of servers) await expectUsable(server.url, 'verdi', 'admin', 'Verdi-2026!', 'Verdi Frigoriferi');
    for (const server of servers) await stop(server);
  }, 240_000);
});
