import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function systemIdentifierOfFirstStart(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'climatica-first-start-'));
  dirs.push(dir);
  const db = await openDatabase({ dataDir: dir });
  try {
    const { rows } = await sql<{ id: string }>`select system_identifier::text as id from pg_control_system()`.execute(
      db.kysely,
    );
    await sql`create table t (x int)`.execute(db.kysely);
    return rows[0].id;
  } finally {
    await db.close();
  }
}

// docs/deployment.md#memory: the install step keeps an empty cluster that a first start loads instead of initdb.
describe.skipIf(!!process.env.DATABASE_URL)('a first start on an empty DATA_DIR', () => {
  it('loads the cluster made at install: two first starts share its identity, and each database is its own', async () => {
    const a = await systemIdentifierOfFirstStart();
    const b = await systemIdentifierOfFirstStart();
    // initdb gives every cluster a new identifier; copies of one tarball keep the same one.
    expect(a).toBe(b);
    // Reopened, each folder holds what was written to it (the table exists once).
    const db = await openDatabase({ dataDir: dirs[0] });
    try {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from t`.execute(db.kysely);
      expect(rows[0].n).toBe(0);
    } finally {
      await db.close();
    }
  }, 120_000);
});
