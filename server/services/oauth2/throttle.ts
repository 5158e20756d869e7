import { sql } from 'kysely';
import type { Db } from '../../db/tables';

export interface ThrottleLimits {
  /** Failed password checks per (tenant, username) in a window: login and the profile's password change. */
  perUser: number;
  /** Failed password checks per client address in a window. */
  perAddress: number;
  /** Forgot-password requests per client address in a window. */
  forgotPerAddress: number;
  windowSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { perUser: 5, perAddress: 20, forgotPerAddress: 5, windowSeconds: 900 };

export interface ThrottleKey {
  key: string;
  limit: number;
}

/** Keys of a password check: the user (whether or not it exists, so both look alike) and the address. */
export function passwordKeys(limits: ThrottleLimits, tenant: string, username: string, address: string) {
  return {
    user: { key: `user:${tenant}:${username.toLowerCase()}`, limit: limits.perUser },
    address: { key: `address:${address}`, limit: limits.perAddress },
  };
}

/**
 * Counters in the database, so every process of a scale-out agrees. An attempt is counted before
 * the password is checked (so a burst of parallel guesses cannot all slip past a check made before
 * any of them failed) and refunded when it succeeds. A window opens with the first attempt; once a
 * key passes its limit, attempts are refused until the window ends.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    readonly limits: ThrottleLimits,
  ) {}

  /** Counts one attempt on every key; the seconds to wait when one is over its limit, else 0. */
  async attempt(keys: readonly ThrottleKey[]): Promise<number> {
    const window = this.limits.windowSeconds;
    let wait = 0;
    for (const { key, limit } of keys) {
      const { rows } = await sql<{ hits: number; remaining: number }>`
        insert into oauth2.throttle as t (key, hits, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          hits = case when t.window_started_at <= now() - make_interval(secs => ${window}) then 1 else t.hits + 1 end,
          window_started_at = case when t.window_started_at <= now() - make_interval(secs => ${window})
            then now() else t.window_started_at end
        returning hits, extract(epoch from (window_started_at + make_interval(secs => ${window}) - now()))::float8 as remaining
      `.execute(this.db);
      const row = rows[0];
      if (row && row.hits > limit) wait = Math.max(wait, Math.ceil(Number(row.remaining)));
    }
    return wait > 0 ? Math.max(1, wait) : 0;
  }

  /** A right password: the user's counter starts over and the address gets its attempt back. */
  async succeeded(keys: { user: ThrottleKey; address: ThrottleKey }): Promise<void> {
    await this.db.deleteFrom('oauth2.throttle').where('key', '=', keys.user.key).execute();
    await this.db
      .updateTable('oauth2.throttle')
      .set({ hits: sql<number>`greatest(hits - 1, 0)` })
      .where('key', '=', keys.address.key)
      .execute();
  }

  /** Windows that ended long ago are dropped at start-up, to keep the table small. */
  async purge(): Promise<void> {
    await sql`delete from oauth2.throttle where window_started_at < now() - make_interval(secs => ${this.limits.windowSeconds})`.execute(
      this.db,
    );
  }
}
