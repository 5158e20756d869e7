import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Who holds a data folder: enough to tell a live owner from a pid the system has since given to another process. */
export interface LockOwner {
  pid: number;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat), where the system has it. */
  start?: string;
  /** The kernel's boot id: a lock from before a reboot names no process that still runs. */
  boot?: string;
  host?: string;
}

/**
 * Two processes on one PGlite data folder corrupt it, so the folder carries a lock file naming its
 * owner (docs/deployment.md#one-process-per-pglite-folder). A lock is stale, and taken over, when its
 * pid is ours (a restarted container is pid 1 again, as the crashed one was), no longer runs, runs
 * but started at another time than the owner did (the pid was reused), or was written before the
 * machine's last boot. The file's first line is the bare pid, which older versions read.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'server.lock');
  const me = currentOwner();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, formatOwner(me));
      closeSync(fd);
      return () => {
        try {
          if (readOwner(path)?.pid === process.pid) unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(path);
    if (owner !== null && isAlive(owner, me)) {
      throw new Error(
        `The data folder ${dir} is in use by another process (pid ${owner.pid})${owner.host ? ` on ${owner.host}` : ''}. ` +
          `Stop it first, or start this one with another DATA_DIR or with DATABASE_URL; if no such process exists, ` +
          `delete ${path}.`,
      );
    }
    // Stale (or unreadable, i.e. half-written by a crashed start): remove it and try again.
    try {
      unlinkSync(path);
    } catch {
      // Someone else removed it first; the next attempt sorts out who wins.
    }
  }
  throw new Error(`Could not lock the data folder ${dir}: ${path} keeps reappearing`);
}

/** Whether the lock's owner still runs, judged from this process (exported for the tests). */
export function isAlive(owner: LockOwner, me: LockOwner = currentOwner()): boolean {
  if (owner.pid === me.pid) return false;
  if (owner.boot && me.boot && owner.boot !== me.boot) return false;
  if (!pidRuns(owner.pid)) return false;
  // The pid runs: it is the owner only if it started when the owner did.
  const start = processStart(owner.pid);
  return !(owner.start && start && owner.start !== start);
}

export function currentOwner(): LockOwner {
  return { pid: process.pid, start: processStart(process.pid), boot: bootId(), host: hostname() };
}

export function formatOwner(owner: LockOwner): string {
  const lines = [String(owner.pid)];
  if (owner.start) lines.push(`start ${owner.start}`);
  if (owner.boot) lines.push(`boot ${owner.boot}`);
  if (owner.host) lines.push(`host ${owner.host}`);
  return `${lines.join('\n')}\n`;
}

function readOwner(path: string): LockOwner | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const [first = '', ...rest] = text.split('\n');
  const pid = Number.parseInt(first.trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const owner: LockOwner = { pid };
  for (const line of rest) {
    const [key, ...value] = line.trim().split(' ');
    const text = value.join(' ');
    if (!text) continue;
    if (key === 'start') owner.start = text;
    else if (key === 'boot') owner.boot = text;
    else if (key === 'host') owner.host = text;
  }
  return owner;
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised name, which may hold spaces); undefined off Linux. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state), so field 22 is fields[19].
    return fields[19] || undefined;
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
