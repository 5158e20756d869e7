import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import { listenPostgres, pooledListeners, type ListenEvents, type Unlisten } from './listen';
import { lockDataDir } from './lock';
import { PGliteDialect } from './pglite-dialect';
import type { AllTables } from './tables';
import { typeParsers } from './type-parsers';

export interface Database {
  kysely: Kysely<AllTables>;
  kind: 'pglite' | 'postgres';
  /** Ends the pool, or closes PGlite cleanly (flushing it to disk) and releases the folder lock. */
  close(): Promise<void>;
  /**
   * Receives the NOTIFY payloads of `channel` (those of this process's own transactions included)
   * until the returned function is called: cross-process events travel through the database. PGlite
   * delivers its own commits' payloads before the commit resolves; PostgreSQL does with `ownCommitsFirst`.
   */
  listen(channel: string, onPayload: (payload: string) => void, events?: ListenEvents): Promise<Unlisten>;
}

export interface DatabaseOptions {
  /** PostgreSQL server; when absent, PGlite in `dataDir`/pglite. */
  databaseUrl?: string;
  dataDir: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
}

// snake_case in SQL, camelCase in code: resource field names map to columns with no extra table.
const plugins = [new CamelCasePlugin()];

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPGlite(options.dataDir);
}

async function openPGlite(dataDir: string): Promise<Database> {
  const unlock = lockDataDir(dataDir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(join(dataDir, 'pglite'), {
      parsers: typeParsers,
      extensions: { pg_trgm },
      loadDataDir: await emptyCluster(join(dataDir, 'pglite')),
      // PostgreSQL's default 128 MB of shared buffers is most of what PGlite adds to the process's memory once it
      // works; 64 MB still holds a 100,000-row list with its indexes (docs/deployment.md#memory).
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB'],
    });
    // Date-only comparisons against timestamptz columns must mean UTC midnight, as on the pool below.
    await pglite.exec("set time zone 'UTC'");
  } catch (error) {
    unlock();
    throw error;
  }
  const kysely = new Kysely<AllTables>({ dialect: new PGliteDialect(pglite), plugins });
  return {
    kysely,
    kind: 'pglite',
    // Holding the dialect's one connection keeps LISTEN out of any open transaction, whose rollback would drop it.
    listen: (channel, onPayload) =>
      kysely.connection().execute(async () => {
        const stop = await pglite.listen(channel, onPayload);
        return () => kysely.connection().execute(() => stop());
      }),
    async close() {
      try {
        await kysely.destroy();
        await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * The empty cluster made at install (server/cli/pglite-cluster.mjs) when the folder holds no database yet:
 * PGlite's own initdb peaks at about 800 MB, loading the tarball at about 420 (docs/deployment.md#memory).
 * Absent, or of another PGlite version: undefined, and PGlite runs initdb.
 */
async function emptyCluster(folder: string): Promise<Blob | undefined> {
  if (await exists(join(folder, 'PG_VERSION'))) return undefined;
  // PGlite's own folder (node_modules/@electric-sql/pglite), from its entry module: the same from sources and bundle.
  let pgliteDir: string;
  try {
    pgliteDir = fileURLToPath(new URL('..', import.meta.resolve('@electric-sql/pglite')));
  } catch {
    return undefined; // a runtime without import.meta.resolve (a test runner's module loader)
  }
  const { version } = JSON.parse(await readFile(join(pgliteDir, 'package.json'), 'utf8')) as { version: string };
  const tarball = join(pgliteDir, '../../.cache/climatica', `pglite-${version}-empty.tar.gz`);
  if (!(await exists(tarball))) return undefined;
  return new Blob([await readFile(tarball)]);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  // Loaded only for PostgreSQL: a PGlite start does without the driver.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString,
    max,
    options: '-c TimeZone=UTC',
    // Per pool rather than pg.types.setTypeParser, which would change every pg client in the process.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        typeParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle pooled connection the server ends (a restart, a terminated backend) emits 'error' on the pool;
  // unhandled, it would crash the process. The pool drops that client and opens a new one when needed.
  pool.on('error', (error) => {
    console.error(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  const kysely = new Kysely<AllTables>({ dialect: new PostgresDialect({ pool }), plugins });
  try {
    await sql`select 1`.execute(kysely);
  } catch (error) {
    await kysely.destroy();
    throw new Error(`Cannot connect to DATABASE_URL: ${(error as Error).message}`, { cause: error });
  }
  const pooled = pooledListeners(pool);
  return {
    kysely,
    kind: 'postgres',
    close: () => kysely.destroy(),
    async listen(channel, onPayload, events) {
      // The dedicated connection hears everything, also while the pool is idle; the pooled ones hear this
      // process's own commits in time for its next request.
      const unlisten = await listenPostgres(connectionString, channel, onPayload, events);
      const unpool = events?.ownCommitsFirst ? pooled.add(channel, onPayload) : undefined;
      return async () => {
        unpool?.();
        await unlisten();
      };
    },
  };
}
