import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../../db/tables';

/** docs/tenancy-and-security.md#throttling explains the rule these limits make. */
export interface ThrottleLimits {
  /** Failed password checks per (tenant, username, address) in a window: that pair is refused above it. */
  perUserAddress: number;
  /** Failed password checks per client address, whatever the user, in a window: that address is refused above it. */
  perAddress: number;
  /** Failed password checks per (tenant, username) from anywhere before attempts on that user are slowed. */
  perUserBeforeDelay: number;
  /** The first wait, in milliseconds, once a user is past `perUserBeforeDelay`; it doubles with each failure. */
  baseDelayMs: number;
  /** The longest wait, in milliseconds. */
  maxDelayMs: number;
  /** Forgot-password requests per client address in a window. */
  forgotPerAddress: number;
  windowSeconds: number;
  /** How long a sign-in from an address exempts that user there from the address's limit, in days. */
  knownAddressDays: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  perUserAddress: 5,
  perAddress: 20,
  perUserBeforeDelay: 5,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  forgotPerAddress: 5,
  windowSeconds: 900,
  knownAddressDays: 30,
};

export interface ThrottleKey {
  key: string;
  limit: number;
}

/** The counters of one password check. */
export interface PasswordKeys {
  /** The user, whether or not it exists (so both look alike), from any address: slowed, never refused. */
  user: string;
  /** The user from this address: refused above its limit. */
  pair: ThrottleKey;
  /** This address, whatever the user: refused above its limit, unless the user signed in from it lately. */
  address: ThrottleKey;
  /** Marks that the user signed in from this address (hits unused, the window is the sign-in time). */
  known: string;
}

export function passwordKeys(limits: ThrottleLimits, tenant: string, username: string, address: string): PasswordKeys {
  const user = `${tenant}:${username.toLowerCase()}`;
  return {
    user: `user:${user}`,
    pair: { key: `pair:${user}:${address}`, limit: limits.perUserAddress },
    address: { key: `address:${address}`, limit: limits.perAddress },
    known: `known:${user}:${address}`,
  };
}

interface Count {
  hits: number;
  /** Seconds until the key's window ends. */
  remaining: number;
}

/**
 * Counters in the database, so every process of a scale-out agrees. An attempt is counted before
 * the password is checked (so a burst of parallel guesses cannot all slip past a check made before
 * any of them failed) and refunded when it succeeds. A window opens with the first attempt.
 *
 * Guessing is stopped where it comes from, and nobody else can use that to lock a user out: the
 * (user, address) pair and the address are refused once over their limits, which stops one
 * address and no other; a user attacked from many addresses is only slowed (each attempt waits,
 * a growing delay), so the rightful user, from an address of their own, still signs in.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    readonly limits: ThrottleLimits,
  ) {}

  /** Counts one attempt on every key; the seconds to wait when one is over its limit, else 0. */
  async attempt(keys: readonly ThrottleKey[]): Promise<number> {
    let wait = 0;
    for (const { key, limit } of keys) {
      const count = await this.count(key);
      if (count.hits > limit) wait = Math.max(wait, Math.ceil(count.remaining));
    }
    return wait > 0 ? Math.max(1, wait) : 0;
  }

  /**
   * A password check is about to happen: counts it on the user, the pair and the address. Answers
   * the seconds to wait when the pair or the address is over its limit (the caller refuses with
   * 429); otherwise waits the user's delay, if any, and answers 0.
   */
  async passwordAttempt(keys: PasswordKeys): Promise<number> {
    const user = await this.count(keys.user);
    // A colleague behind the same office address guessing other accounts must not stop a user who
    // has signed in from there before; a stranger spraying users from there is still refused.
    const known = await this.isKnown(keys.known);
    const wait = await this.attempt(known ? [keys.pair] : [keys.pair, keys.address]);
    if (wait > 0) return wait;
    const delay = this.delayMs(user.hits - 1);
    if (delay > 0) await sleep(delay);
    return 0;
  }

  /** The wait before checking a password of a user who already has `failures` in the window. */
  delayMs(failures: number): number {
    const beyond = failures - this.limits.perUserBeforeDelay;
    if (beyond < 0) return 0;
    return Math.min(this.limits.baseDelayMs * 2 ** Math.min(beyond, 30), this.limits.maxDelayMs);
  }

  /**
   * A right password: the user and the pair start over, the address gets its attempt back, and the
   * user is known at this address.
   */
  async succeeded(keys: PasswordKeys): Promise<void> {
    await this.db.deleteFrom('oauth2.throttle').where('key', 'in', [keys.user, keys.pair.key]).execute();
    await sql`
      insert into oauth2.throttle as t (key, hits, window_started_at) values (${keys.known}, 0, now())
      on conflict (key) do update set window_started_at = now()
    `.execute(this.db);
    await this.db
      .updateTable('oauth2.throttle')
      .set({ hits: sql<number>`greatest(hits - 1, 0)` })
      .where('key', '=', keys.address.key)
      .execute();
  }

  /** Windows that ended long ago are dropped at start-up, to keep the table small. */
  async purge(): Promise<void> {
    await sql`
      delete from oauth2.throttle
      where (key not like 'known:%' and window_started_at < now() - make_interval(secs => ${this.limits.windowSeconds}))
         or (key like 'known:%' and window_started_at < now() - make_interval(days => ${this.limits.knownAddressDays}))
    `.execute(this.db);
  }

  private async isKnown(key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('oauth2.throttle')
      .select('key')
      .where('key', '=', key)
      .where('windowStartedAt', '>', sql<string>`now() - make_interval(days => ${this.limits.knownAddressDays})`)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async count(key: string): Promise<Count> {
    const window = this.limits.windowSeconds;
    const { rows } = await sql<Count>`
      insert into oauth2.throttle as t (key, hits, window_started_at) values (${key}, 1, now())
      on conflict (key) do update set
        hits = case when t.window_started_at <= now() - make_interval(secs => ${window}) then 1 else t.hits + 1 end,
        window_started_at = case when t.window_started_at <= now() - make_interval(secs => ${window})
          then now() else t.window_started_at end
      returning hits, extract(epoch from (window_started_at + make_interval(secs => ${window}) - now()))::float8 as remaining
    `.execute(this.db);
    const row = rows[0];
    return { hits: Number(row?.hits ?? 1), remaining: Number(row?.remaining ?? window) };
  }
}
