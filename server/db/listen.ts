import type pg from 'pg';

/** What a LISTEN subscriber is told besides the payloads. */
export interface ListenEvents {
  /**
   * The connection was lost and is listening again: notifications sent meanwhile were missed, so
   * whoever relies on them should catch up from the tables.
   */
  onReconnect?(): void;
  onError?(error: Error): void;
}

/** Stops listening and releases the connection. */
export type Unlisten = () => Promise<void>;

const MIN_DELAY_MS = 250;
const MAX_DELAY_MS = 10_000;

const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

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
