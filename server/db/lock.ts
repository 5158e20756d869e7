import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Two processes on one PGlite data folder corrupt it, so the folder carries a lock file with the
 * owner's pid. A lock whose pid no longer runs is left over from a crash and is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(path);
    if (owner !== null && owner !== process.pid && isRunning(owner)) {
      throw new Error(
        `The data folder ${dir} is in use by another process (pid ${owner}). Stop it first, or start this one ` +
          `with another DATA_DIR or with DATABASE_URL; if no such process exists, delete ${path}.`,
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

function readOwner(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
