import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEnv, spawnServer, startServer, type ServerProcess } from '../../bench/crash-server';
import { freshDataDir } from './helpers';

/**
 * The server as a process of its own, on PGlite (whatever DATABASE_URL says: the data-folder lock
 * is PGlite's): a second process on the same folder is refused with a clear message, SIGTERM
 * drains and exits 0 releasing the lock, and the folder opens again afterwards.
 */
let dataDir: string;
let first: ServerProcess | undefined;
beforeAll(async () => {
  dataDir = await freshDataDir();
});
afterAll(async () => {
  if (first && first.child.exitCode === null) first.child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('one process per data folder, graceful shutdown', () => {
  it('serves, refuses a second process on the same folder, and stops cleanly on SIGTERM', async () => {
    const env = serverEnv(dataDir, { SEED: 'none' });
    first = await startServer(env);
    const health = await fetch(`${first.url}/health`);
    expect(health.status).toBe(200);
    const lock = join(dataDir, 'server.lock');
    expect(existsSync(lock)).toBe(true);

    const second = spawnServer(env);
    const { code } = await second.exited;
    expect(code).toBe(1);
    const said = second.output.join('\n');
    expect(said).toContain(`The data folder ${dataDir} is in use by another process (pid ${first.child.pid})`);
    expect(said).toMatch(/another DATA_DIR or with DATABASE_URL/);
    // The refused process left the first one and its lock alone.
    expect((await fetch(`${first.url}/health`)).status).toBe(200);
    expect(existsSync(lock)).toBe(true);

    first.child.kill('SIGTERM');
    const stopped = await first.exited;
    expect(stopped).toEqual({ code: 0, signal: null });
    expect(existsSync(lock)).toBe(false);
    const logs = first.output.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg: string });
    expect(logs.map((l) => l.msg)).toEqual(expect.arrayContaining(['ready', 'shutting down']));

    // Closed cleanly: the folder opens at once, with no one to take the lock over from.
    const again = await startServer(env);
    expect((await fetch(`${again.url}/health`)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  }, 180_000);
});
