import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { currentOwner, formatOwner, lockDataDir, processStart } from '../../../server/db/lock';

/**
 * The PGlite folder lock against pid reuse: a container restarted after a crash runs as the same pid
 * as the crashed one (often 1), and any machine eventually hands a dead owner's pid to another process.
 */
const linux = existsSync('/proc/self/stat');
let other: ChildProcess;
let dir: string;
beforeAll(async () => {
  // A live process that is not us: the "other owner" whose pid a lock may name.
  other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
  await new Promise((done) => other.once('spawn', done));
});
afterAll(() => {
  other.kill('SIGKILL');
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'climatica-lock-'));
  return () => rmSync(dir, { recursive: true, force: true });
});

const lockFile = () => join(dir, 'server.lock');
const takeAndRelease = () => lockDataDir(dir)();

describe.runIf(linux)('a lock whose pid runs but is not its owner is stale', () => {
  it('the pid now belongs to a process started at another time: taken over', () => {
    const start = processStart(other.pid!);
    expect(start).toMatch(/^\d+$/);
    writeFileSync(lockFile(), formatOwner({ ...currentOwner(), pid: other.pid!, start: String(Number(start) - 500) }));
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('the pid is our own (a restarted container is pid 1 again): taken over', () => {
    writeFileSync(lockFile(), formatOwner({ ...currentOwner(), start: '1' }));
    expect(takeAndRelease).not.toThrow();
  });

  it('written before the last boot: taken over', () => {
    writeFileSync(lockFile(), formatOwner({ ...currentOwner(), pid: other.pid!, boot: 'another-boot' }));
    expect(takeAndRelease).not.toThrow();
  });
});

describe('a lock whose owner runs is respected', () => {
  it('same pid, same start time: refused, naming the pid', () => {
    writeFileSync(lockFile(), formatOwner({ ...currentOwner(), pid: other.pid!, start: processStart(other.pid!) }));
    expect(() => lockDataDir(dir)).toThrow(`is in use by another process (pid ${other.pid})`);
    expect(existsSync(lockFile())).toBe(true);
  });

  it('a bare pid (written by an older version) of a running process: refused', () => {
    writeFileSync(lockFile(), `${other.pid}`);
    expect(() => lockDataDir(dir)).toThrow(`(pid ${other.pid})`);
  });

  it('the lock names its owner with the bare pid first, so older versions still read it', () => {
    const release = lockDataDir(dir);
    const [pid, ...rest] = readFileSync(lockFile(), 'utf8').trim().split('\n');
    expect(Number.parseInt(pid, 10)).toBe(process.pid);
    if (linux) expect(rest).toEqual(expect.arrayContaining([`start ${processStart(process.pid)}`]));
    release();
  });
});
