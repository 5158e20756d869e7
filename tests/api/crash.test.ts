import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCrashDurability } from '../../bench/crash-durability';
import { freshDataDir } from './helpers';

/**
 * bench/crash-durability.ts in small: the server process takes concurrent creates, is killed with
 * SIGKILL mid-stream and restarted on the same PGlite folder; every acknowledged create is there,
 * whole, and nothing is there in part. (`npm run bench:crash` runs it bigger, and on PostgreSQL too.)
 */
let dataDir: string;
beforeAll(async () => {
  dataDir = await freshDataDir();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('crash durability', () => {
  it('keeps every acknowledged write, whole, across a kill -9', async () => {
    const result = await runCrashDurability({ writes: 80, killAfter: 30, concurrency: 6, rounds: 1, dataDir });
    expect(result.acknowledged).toBeGreaterThanOrEqual(30);
    expect(result).toMatchObject({ missing: 0, partial: 0, duplicated: 0 });
    expect(result.present).toBeGreaterThanOrEqual(result.acknowledged);
    expect(result.present).toBeLessThanOrEqual(result.sent);
  }, 240_000);
});
