import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/connect';
import type { Unlisten } from '../../db/listen';
import { withTenant } from '../../db/tenancy';

/** The channel the trigger on `oauth2.users` notifies (migration 0013 in server/db/migrate.ts). */
export const USERS_CHANNEL = 'climatica_users';

/** What verifying a token needs of its user: whether it may still act, and since when its tokens count. */
export interface UserState {
  disabled: boolean;
  /** Epoch milliseconds of `tokens_valid_after`, or null. */
  tokensValidAfter: number | null;
}

const changeSchema = z.object({ tenant: z.string(), id: z.string() });

/** Users kept in memory; the least recently used one goes first beyond this. */
const DEFAULT_CAPACITY = 10_000;

const keyOf = (tenant: string, userId: string): string => `${tenant}\u0000${userId}`;

/**
 * The state of users whose tokens this process verifies, in memory, so an authenticated request costs no
 * query (docs/tenancy-and-security.md#tokens). A user is read once, on first use; the entry is dropped when
 * the trigger on `oauth2.users` announces a change of `disabled` or `tokens_valid_after` (or a delete),
 * whichever path made it: the records' hooks, a password change or reset, signing out everywhere, plain
 * SQL, another process. The process's own commits are heard before they resolve (`ownCommitsFirst`), so
 * the route that disables a user answers only once its own process refuses the user's tokens. After a
 * reconnection of the listener, changes may have been missed: everything is forgotten.
 *
 * A read that started before an invalidation may finish after it with the old state: every invalidation
 * moves `epoch`, and a read that saw it move stores nothing (its own request still uses what it read, as
 * it would have had it been quicker).
 */
export class UserStates {
  private readonly entries = new Map<string, UserState>();
  private readonly reading = new Map<string, Promise<UserState | undefined>>();
  private epoch = 0;
  private unlisten: Unlisten | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(USERS_CHANNEL, (payload) => this.received(payload), {
      ownCommitsFirst: true,
      onReconnect: () => {
        this.log.warn('users listener reconnected; forgetting cached user states');
        this.clear();
      },
      onError: (error) => this.log.warn({ err: error }, 'users listener connection failed'),
    });
  }

  async close(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    this.clear();
    await unlisten?.();
  }

  /** The user's state, from memory or read once (concurrent first uses share the read); undefined: no such user. */
  async get(tenant: string, userId: string): Promise<UserState | undefined> {
    const key = keyOf(tenant, userId);
    const cached = this.entries.get(key);
    if (cached) {
      // Most recently used last: the first key of the map is the one to evict.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const pending = this.reading.get(key);
    if (pending) return pending;
    const epoch = this.epoch;
    const read = this.read(tenant, userId).finally(() => {
      if (this.reading.get(key) === read) this.reading.delete(key);
    });
    this.reading.set(key, read);
    const state = await read;
    // An absent user is not kept: a later insert with this id would not be announced.
    if (state && this.epoch === epoch) this.remember(key, state);
    return state;
  }

  /** Forgets one user (a change announced by the trigger); repeating it is harmless. */
  invalidate(tenant: string, userId: string): void {
    const key = keyOf(tenant, userId);
    this.epoch++;
    this.entries.delete(key);
    this.reading.delete(key);
  }

  /** Forgets every user. */
  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.reading.clear();
  }

  /** How many users are held (for tests and figures). */
  get size(): number {
    return this.entries.size;
  }

  private remember(key: string, state: UserState): void {
    this.entries.set(key, state);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  private async read(tenant: string, userId: string): Promise<UserState | undefined> {
    const row = await withTenant(this.db.kysely, tenant, (trx) =>
      trx
        .selectFrom('oauth2.users')
        .select(['disabled', 'tokensValidAfter'])
        .where('tenantId', '=', tenant)
        .where('id', '=', userId)
        .executeTakeFirst(),
    );
    if (!row) return undefined;
    return {
      disabled: row.disabled,
      tokensValidAfter: row.tokensValidAfter ? Date.parse(row.tokensValidAfter) : null,
    };
  }

  private received(payload: string): void {
    const parsed = changeSchema.safeParse(safeJson(payload));
    if (!parsed.success) {
      // Something changed, we cannot tell whom: forgetting everyone is always safe.
      this.log.warn({ payload }, 'malformed user change; forgetting cached user states');
      this.clear();
      return;
    }
    this.invalidate(parsed.data.tenant, parsed.data.id);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
