import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/connect';

export const CLIENT = { id: 'backoffice', secret: 'backoffice-secret' };
export const PASSWORD = 'demo1234';
const ROOT = resolve(import.meta.dirname, '../..');
const CONFIG_DIR = resolve(ROOT, 'config');

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  /** Password grant for a demo user; fails the test unless it answers 200. */
  login(tenant: string, username: string): Promise<{ AccessToken: string; RefreshToken: string; ExpiresIn: number }>;
  /** A bearer header for a demo user. */
  auth(tenant: string, username: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
  /** The server's DATA_DIR (a temporary folder): uploaded files are under its `files` folder. */
  dataDir: string;
  /** Its PostgreSQL database (with DATABASE_URL only), which another instance may join. */
  databaseUrl?: string;
}

/**
 * A whole server on a database of its own, seeded with the demo tenants and users (and
 * `seedContacts` contacts each): PGlite in a temporary folder, or with DATABASE_URL a fresh
 * database on that server, so test files can run in parallel and never see each other's rows.
 */
export async function startTestServer(
  options: {
    seedContacts?: number;
    storageMaxBytes?: number;
    /** A second server process on the first one's PostgreSQL database (close it before the first). */
    join?: TestServer;
    /** Any other buildApp option (lower throttling limits, shorter token lifetimes...). */
    app?: Partial<Omit<AppOptions, 'db' | 'dataDir'>>;
    /** Definitions to serve instead of resources/index.ts (a test's own, added to the product's). */
    definitions?: AppOptions['definitions'];
  } = {},
): Promise<TestServer> {
  const { db, dispose, databaseUrl }: { db: Database; dispose: () => Promise<void>; databaseUrl?: string } =
    options.join
      ? await joinPostgres(options.join)
      : process.env.DATABASE_URL
        ? await freshPostgres(process.env.DATABASE_URL)
        : await freshPGlite();
  const dataDir = await mkdtemp(join(tmpdir(), 'climatica-data-'));
  let app: FastifyInstance;
  try {
    app = await buildApp({
      db,
      configDir: CONFIG_DIR,
      accessTokenTtl: 900,
      clients: [CLIENT],
      seed: 'demo',
      seedContacts: options.seedContacts ?? 0,
      // Module demo data only as far as tests need it (configuration records); a test may ask for more.
      demoScale: 0,
      logger: false,
      runtime: { appName: 'Climatica', defaultTenant: 'acme', monitoringDsn: '' },
      dataDir,
      storageMaxBytes: options.storageMaxBytes,
      definitions: options.definitions,
      ...options.app,
    });
  } catch (error) {
    await db.close();
    await dispose();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const tokens = new Map<string, string>();
  const login = async (tenant: string, username: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/oauth2/token',
      payload: passwordForm(tenant, username),
      headers: FORM,
    });
    if (res.statusCode !== 200) throw new Error(`login ${tenant}/${username}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return {
    app,
    db,
    dataDir,
    databaseUrl,
    login,
    async auth(tenant, username) {
      const key = `${tenant}/${username}`;
      if (!tokens.has(key)) tokens.set(key, (await login(tenant, username)).AccessToken);
      return { authorization: `Bearer ${tokens.get(key)}` };
    },
    async close() {
      await app.close();
      await db.close();
      await dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export function passwordForm(
  tenant: string,
  username: string,
  password = PASSWORD,
  extra: Record<string, string> = {},
): string {
  return form({
    grant_type: 'password',
    client_id: CLIENT.id,
    client_secret: CLIENT.secret,
    scope: 'USERNAME',
    username,
    password,
    tenant,
    ...extra,
  });
}

/**
 * A fresh PGlite cluster costs seconds to create, a copy of one a fraction of a second: the first
 * test file makes an empty cluster once per machine, every file copies it.
 */
async function freshPGlite(): Promise<{ db: Database; dispose: () => Promise<void> }> {
  const dir = await freshDataDir();
  const db = await openDatabase({ dataDir: dir });
  return { db, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A temporary DATA_DIR holding an empty PGlite cluster (copied from a template made once per
 * machine): for tests that start the server as a process of its own. The caller removes it.
 */
export async function freshDataDir(): Promise<string> {
  const { version } = JSON.parse(
    await readFile(resolve(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  const template = join(tmpdir(), `climatica-pglite-template-${version}`);
  if (!(await exists(template))) {
    const building = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const pglite = await PGlite.create(building);
    await pglite.close();
    // Another worker may have finished first: theirs is as good as ours.
    await rename(building, template).catch(() => rm(building, { recursive: true, force: true }));
  }
  const dir = await mkdtemp(join(tmpdir(), 'climatica-test-'));
  await cp(template, join(dir, 'pglite'), { recursive: true });
  return dir;
}

async function joinPostgres(
  server: TestServer,
): Promise<{ db: Database; dispose: () => Promise<void>; databaseUrl: string }> {
  if (!server.databaseUrl) throw new Error('Only a server on PostgreSQL can be joined by another instance');
  const db = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: '', poolSize: 4 });
  // The database belongs to the first server, which drops it.
  return { db, dispose: async () => undefined, databaseUrl: server.databaseUrl };
}

async function freshPostgres(
  url: string,
): Promise<{ db: Database; dispose: () => Promise<void>; databaseUrl: string }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: target.toString(), dataDir: '', poolSize: 4 });
  return {
    db,
    databaseUrl: target.toString(),
    async dispose() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
