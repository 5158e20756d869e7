import { randomBytes, timingSafeEqual } from 'node:crypto';
import { scryptOnWorker, type ScryptParams } from './scrypt-worker';

/** OWASP's scrypt minimum: N=2^17, r=8, p=1 (about 128 MiB and a few hundred ms per hash). */
const DEFAULT = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * On a worker thread of its own, not libuv's pool that also reads the SPA's files (scrypt-worker.ts); the
 * worker allows the memory these parameters need (Node refuses 32 MiB+ by default).
 */
function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return scryptOnWorker(password.normalize('NFKC'), salt, KEY_LENGTH, params);
}

/** `scrypt$N=131072,r=8,p=1$<salt>$<hash>`: the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, DEFAULT);
  return `scrypt$N=${DEFAULT.N},r=${DEFAULT.r},p=${DEFAULT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const FORMAT = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = FORMAT.exec(stored);
  if (!m) return false;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // A tampered row must not make us allocate gigabytes.
  if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const expected = Buffer.from(m[5], 'base64');
  const key = await derive(password, Buffer.from(m[4], 'base64'), { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Any well-formed hash at the default cost: checking against it costs what a real check costs.
const DUMMY = `scrypt$N=${DEFAULT.N},r=${DEFAULT.r},p=${DEFAULT.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;

/**
 * Spends the time of a real check when there is no user to check against, so response times do not
 * tell which usernames exist.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(password, DUMMY);
}
