import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/connect';
import type { TestServer } from './helpers';
import { withTenant } from '../../server/db/tenancy';
import { notify, type NotifyInput } from '../../server/services/notifications/index';

/** One server-sent event as the SPA's fetch-based reader sees it. */
export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  /** The next event (comments and `retry:` skipped); rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** Resolves true when the server ends the stream within `timeoutMs`. */
  ended(timeoutMs?: number): Promise<boolean>;
  close(): void;
}

/**
 * Stops a server whose streams were read with fetch. After an aborted request fetch (undici) opens a
 * spare connection that never carries a request, and Node's server.close() waits for such a
 * connection: it is dropped here, as a browser's would be by its own timeout.
 */
export async function closeServer(server: TestServer, closing: Promise<void> = server.close()): Promise<void> {
  const sweep = setInterval(() => server.app.server.closeAllConnections(), 50);
  try {
    await closing;
  } finally {
    clearInterval(sweep);
  }
}

/** The base URL of a listening app (listen on port 0 first). */
export function baseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

/** Opens the notification stream with fetch, as the SPA does (bearer in the Authorization header). */
export async function openStream(base: string, headers: Record<string, string>, query = ''): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/notifications/api/notifications/stream${query}`, {
    headers,
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  let pending: Promise<void> | null = null;

  // One read at a time; a read outliving a timeout is picked up by the next call.
  const readMore = (): Promise<void> => {
    pending ??= reader.read().then(
      (chunk) => {
        pending = null;
        if (chunk.done) done = true;
        else buffer += decoder.decode(chunk.value, { stream: true });
      },
      () => {
        pending = null;
        done = true;
      },
    );
    return pending;
  };

  const within = <T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> =>
    Promise.race([
      work,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`No ${what} within ${timeoutMs} ms`)), timeoutMs),
      ),
    ]);

  const takeEvent = (): SseEvent | null => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end < 0) return null;
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = {};
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue; // a comment (":ping") or a blank line
        const field = line.slice(0, colon);
        const value = line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id' || field === 'event') event[field] = value;
        else if (field === 'data') event.data = event.data === undefined ? value : `${event.data}\n${value}`;
      }
      if (event.event !== undefined || event.data !== undefined) return event;
    }
  };

  return {
    status: res.status,
    headers: res.headers,
    next(timeoutMs = 5000) {
      return within(
        (async () => {
          for (;;) {
            const event = takeEvent();
            if (event) return event;
            if (done) throw new Error('The stream ended');
            await readMore();
          }
        })(),
        timeoutMs,
        'event',
      );
    },
    async ended(timeoutMs = 5000) {
      try {
        return await within(
          (async () => {
            while (!done) await readMore();
            return true;
          })(),
          timeoutMs,
          'end of stream',
        );
      } catch {
        return false;
      }
    },
    close() {
      controller.abort();
    },
  };
}

/** The user id (`sub`) of a bearer header. */
export function userIdOf(headers: { authorization: string }): string {
  const payload = headers.authorization.split(' ')[1].split('.')[1];
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
}

/** Creates a notification as a service would: in a transaction of the tenant, committed. */
export function createNotification(db: Database, input: NotifyInput) {
  return withTenant(db.kysely, input.tenant, (trx) => notify(trx, input));
}

/** Sets a notification's times directly, to make old rows without waiting. */
export async function backdate(
  db: Database,
  tenant: string,
  id: string,
  times: { createdAt?: string; readAt?: string },
) {
  await withTenant(db.kysely, tenant, async (trx) => {
    if (times.createdAt)
      await sql`update notifications.notifications set created_at = ${times.createdAt} where id = ${id}`.execute(trx);
    if (times.readAt)
      await sql`update notifications.notifications set read_at = ${times.readAt} where id = ${id}`.execute(trx);
  });
}
