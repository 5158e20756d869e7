import type pg from 'pg';

/** What a LISTEN subscriber is told besides the payloads. */
export interface ListenEvents {
  /**
   * The connection was lost and is listening again: notifications sent meanwhile were missed, so
   * whoever relies on them should catch up from the tables.
   */
  onReconnect?(): void;
  onError?(error: Error): void;
  /**
   * Also deliver the payloads of this process's own transactions before their commit resolves, so the
   * process's next request already sees the change. PGlite always does; on PostgreSQL every pooled
   * connection listens too (pooledListeners), so a payload may arrive more than once: its handler must
   * be idempotent.
   */
  ownCommitsFirst?: boolean;
}

/** Stops listening and releases the connection. */
export type Unlisten = () => Promise<void>;

const MIN_DELAY_MS = 250;
const MAX_DELAY_MS = 10_000;

export const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/**
 * LISTEN on PostgreSQL needs a session of its own for as long as it listens, so it uses a dedicated
 * client outside the pool (a pooled connection would be handed to other queries and lose it). When
 * the connection drops, it reconnects with a growing delay and reports the gap through `onReconnect`.
 */
export async function listenPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  events: ListenEvents = {},
): Promise<Unlisten> {
  const { Client } = (await import('pg')).default;
  let client: pg.Client | null = null;
  let closed = false;
  let delay = MIN_DELAY_MS;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<pg.Client> => {
    const next = new Client({ connectionString, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    // Without an error listener a dropped connection would crash the process.
    next.on('error', (error) => {
      events.onError?.(error);
      void lost(next);
    });
    next.on('end', () => void lost(next));
    try {
      await next.connect();
      await next.query(`listen ${quote(channel)}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw error;
    }
    return next;
  };

  const lost = async (which: pg.Client): Promise<void> => {
    if (closed || client !== which) return;
    client = null;
    which.removeAllListeners('end');
    await which.end().catch(() => undefined);
    scheduleReconnect();
  };

  const scheduleReconnect = (): void => {
    if (closed || timer) return;
    timer = setTimeout(async () => {
      timer = null;
      if (closed) return;
      try {
        const next = await connect();
        if (closed) {
          await next.end().catch(() => undefined);
          return;
        }
        client = next;
        delay = MIN_DELAY_MS;
        events.onReconnect?.();
      } catch (error) {
        events.onError?.(error as Error);
        delay = Math.min(delay * 2, MAX_DELAY_MS);
        scheduleReconnect();
      }
    }, delay);
  };

  // The first connection must work: a server that cannot listen should not start as if it could.
  client = await connect();

  return async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    timer = null;
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners('end');
      await current.end().catch(() => undefined);
    }
  };
}

/** What a pool's connections deliver: subscribe per channel, the returned function unsubscribes. */
export interface PooledListeners {
  add(channel: string, onPayload: (payload: string) => void): () => void;
}

/**
 * PostgreSQL delivers a transaction's notifications to a session listening on their channel right after
 * its COMMIT, before the COMMIT's answer: a pooled connection that listens learns of its own writes by the
 * time the write's promise resolves, which the dedicated connection of listenPostgres cannot promise (it
 * hears them a moment later). Each connection starts listening the first time it is handed out after a
 * subscription (its queries run in order, so LISTEN precedes the borrower's), and it hears other
 * processes' notifications too, which is harmless.
 */
export function pooledListeners(pool: pg.Pool): PooledListeners {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const joined = new WeakMap<pg.PoolClient, Set<string>>();
  pool.on('acquire', (client) => {
    if (handlers.size === 0) return;
    let channels = joined.get(client);
    if (!channels) {
      const mine = new Set<string>();
      channels = mine;
      joined.set(client, mine);
      client.on('notification', (message) => {
        if (message.payload === undefined) return;
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload);
      });
    }
    for (const channel of handlers.keys()) {
      if (channels.has(channel)) continue;
      channels.add(channel);
      // A broken connection fails the borrower's query as well; the pool replaces it.
      client.query(`listen ${quote(channel)}`).catch(() => channels.delete(channel));
    }
  });
  return {
    add(channel, onPayload) {
      const set = handlers.get(channel) ?? new Set();
      set.add(onPayload);
      handlers.set(channel, set);
      return () => {
        set.delete(onPayload);
        if (set.size === 0) handlers.delete(channel);
      };
    },
  };
}
