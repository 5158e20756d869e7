import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/connect';
import {
  BASE_OPTIONS,
  CLIENT,
  copyTemplateFiles,
  freshPGlite,
  freshPostgres,
  type DatabaseTemplates,
  type ProvidedDatabase,
} from './databases';

export { CLIENT, freshDataDir } from './databases';
export const PASSWORD = 'demo1234';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's migrated and seeded databases (global-setup.ts); null outside the API project. */
    databaseTemplates: DatabaseTemplates | null;
  }
}

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
  const provided = options.join ? await joinPostgres(options.join) : await freshDatabase(options);
  const { db, dispose, databaseUrl } = provided;
  const dataDir = await mkdtemp(join(tmpdir(), 'climatica-data-'));
  let app: FastifyInstance;
  try {
    await copyTemplateFiles(provided.files, dataDir);
    app = await buildApp({
      db,
      ...BASE_OPTIONS,
      seedContacts: options.seedContacts ?? 0,
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
 * A database for a new server: a copy of this run's seeded template when the server would seed exactly
 * what it holds, of the migrated one when it seeds something else (or nothing), a new one without templates.
 */
async function freshDatabase(options: Parameters<typeof startTestServer>[0] & object): Promise<ProvidedDatabase> {
  const templates = templatesOfRun();
  const defaultSeed =
    !options.definitions &&
    (options.seedContacts ?? 0) === 0 &&
    (options.app?.seed ?? 'demo') === 'demo' &&
    (options.app?.demoScale ?? 0) === 0;
  const template = templates && (defaultSeed ? templates.seeded : templates.migrated);
  if (process.env.DATABASE_URL) {
    return freshPostgres(
      process.env.DATABASE_URL,
      templates?.kind === 'postgres' ? (template ?? undefined) : undefined,
    );
  }
  return freshPGlite(templates?.kind === 'pglite' ? (template ?? undefined) : undefined);
}

function templatesOfRun(): DatabaseTemplates | null {
  try {
    return inject('databaseTemplates') ?? null;
  } catch {
    // Outside a Vitest worker (a script importing these helpers): no templates.
    return null;
  }
}

async function joinPostgres(server: TestServer): Promise<ProvidedDatabase> {
  if (!server.databaseUrl) throw new Error('Only a server on PostgreSQL can be joined by another instance');
  const db = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: '', poolSize: 4 });
  // The database belongs to the first server, which drops it.
  return { db, dispose: async () => undefined, databaseUrl: server.databaseUrl };
}
