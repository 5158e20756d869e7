import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp, type AppOptions } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/connect';

/*
 * Where each API test's database comes from. Migrating an empty database and seeding it takes most of a
 * test server's start (seconds, for each of ~100 files), so the API project's global set-up
 * (global-setup.ts) builds, once per run, a migrated database and a migrated-and-seeded one; a test server
 * starts on a copy of one (a folder copy on PGlite, `create database … template` on PostgreSQL). Built
 * from this run's code, they can never be stale. Without them (a file run outside the project) every
 * server migrates and seeds its own database as before.
 */

export const CLIENT = { id: 'backoffice', secret: 'backoffice-secret' };
const ROOT = resolve(import.meta.dirname, '../..');
export const CONFIG_DIR = resolve(ROOT, 'config');

/** The buildApp options every test server starts with, before the test's own. */
export const BASE_OPTIONS = {
  configDir: CONFIG_DIR,
  accessTokenTtl: 900,
  clients: [CLIENT],
  seed: 'demo',
  seedContacts: 0,
  // Module demo data only as far as tests need it (configuration records); a test may ask for more.
  demoScale: 0,
  logger: false,
  runtime: { appName: 'Climatica', defaultTenant: 'acme', monitoringDsn: '' },
} satisfies Omit<AppOptions, 'db' | 'dataDir'>;

/** The two starting points: migrated only, and migrated with the default demo seed. */
export type DatabaseTemplates =
  | { kind: 'pglite'; migrated: string; seeded: string }
  | { kind: 'postgres'; url: string; migrated: string; seeded: string };

export interface ProvidedDatabase {
  db: Database;
  dispose: () => Promise<void>;
  databaseUrl?: string;
  /** Files the seed wrote into its DATA_DIR, to be copied into the server's. */
  files?: string;
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

/** A PGlite database of its own: a copy of `template` (a DATA_DIR) or a new empty cluster. */
export async function freshPGlite(template?: string): Promise<ProvidedDatabase> {
  let dir: string;
  if (template) {
    dir = await mkdtemp(join(tmpdir(), 'climatica-test-'));
    await cp(join(template, 'pglite'), join(dir, 'pglite'), { recursive: true });
  } else {
    dir = await freshDataDir();
  }
  const db = await openDatabase({ dataDir: dir });
  const files = template ? join(template, 'files') : undefined;
  return { db, files, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** A PostgreSQL database of its own on the server of `url`, empty or a copy of the `template` database. */
export async function freshPostgres(url: string, template?: string): Promise<ProvidedDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await createDatabase(url, name, template);
  const target = withDatabase(url, name);
  const db = await openDatabase({ databaseUrl: target, dataDir: '', poolSize: 4 });
  return {
    db,
    databaseUrl: target,
    dispose: () => dropDatabase(url, name),
  };
}

/** Builds this run's templates: a server started once on each, then stopped, leaves its database behind. */
export async function buildTemplates(databaseUrl: string | undefined): Promise<DatabaseTemplates> {
  if (databaseUrl) {
    const suffix = randomBytes(4).toString('hex');
    const migrated = `template_migrated_${suffix}`;
    const seeded = `template_seeded_${suffix}`;
    await createDatabase(databaseUrl, migrated);
    await startOnce(await openDatabase({ databaseUrl: withDatabase(databaseUrl, migrated), dataDir: '' }), 'none');
    await createDatabase(databaseUrl, seeded, migrated);
    await startOnce(await openDatabase({ databaseUrl: withDatabase(databaseUrl, seeded), dataDir: '' }), 'demo');
    return { kind: 'postgres', url: databaseUrl, migrated, seeded };
  }
  const migrated = await freshDataDir();
  await startOnce(await openDatabase({ dataDir: migrated }), 'none', join(migrated, 'files'));
  const seeded = await mkdtemp(join(tmpdir(), 'climatica-test-'));
  await cp(migrated, seeded, { recursive: true });
  await startOnce(await openDatabase({ dataDir: seeded }), 'demo', join(seeded, 'files'));
  return { kind: 'pglite', migrated, seeded };
}

export async function removeTemplates(templates: DatabaseTemplates): Promise<void> {
  if (templates.kind === 'postgres') {
    await dropDatabase(templates.url, templates.seeded);
    await dropDatabase(templates.url, templates.migrated);
  } else {
    await rm(templates.migrated, { recursive: true, force: true });
    await rm(templates.seeded, { recursive: true, force: true });
  }
}

/** Copies what a template's seed wrote to its DATA_DIR (if anything) into a server's DATA_DIR. */
export async function copyTemplateFiles(files: string | undefined, dataDir: string): Promise<void> {
  if (!files || !(await exists(files)) || (await readdir(files)).length === 0) return;
  await cp(files, dataDir, { recursive: true });
}

async function startOnce(db: Database, seed: 'demo' | 'none', dataDir = ''): Promise<void> {
  try {
    const app = await buildApp({
      db,
      dataDir: dataDir || (await mkdtemp(join(tmpdir(), 'climatica-data-'))),
      ...BASE_OPTIONS,
      seed,
    });
    await app.close();
  } finally {
    await db.close();
  }
}

function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

async function createDatabase(url: string, name: string, template?: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Two workers copying one template at the same moment: PostgreSQL refuses the second (55006); it waits its turn.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
}

async function dropDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
