import type { AppNotification } from './api';
import { EventStreamParser } from './sse';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface StreamOptions {
  /** The stream's URL; undefined when the tenant does not enable the notifications service. */
  url: () => string | undefined;
  /** The stored access token, read anew for every connection. */
  accessToken: () => string | null;
  /** Renews the token after `rejected` was refused (single-flight); false: the session is over. */
  refresh: (rejected: string | null) => Promise<boolean>;
  onNotification: (notification: AppNotification) => void;
  onStatus?: (status: StreamStatus) => void;
  /** Where to resume from: the newest notification the user has already seen. */
  lastEventId?: string | null;
  fetch?: typeof fetch;
  /** Waits between attempts; a test passes one that does not really wait. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** First wait after a failed attempt; it doubles on each further failure, up to MAX_BACKOFF_MS. */
export const INITIAL_BACKOFF_MS = 1_000;
export const MAX_BACKOFF_MS = 60_000;

/** Exponential backoff with jitter (between half and all of the doubled wait), so tabs do not reconnect in step. */
export function backoffDelay(failures: number, base = INITIAL_BACKOFF_MS, random: () => number = Math.random) {
  const ceiling = Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

function isNotification(value: unknown): value is AppNotification {
  const n = value as AppNotification;
  return !!n && typeof n.id === 'string' && typeof n.title === 'string' && typeof n.createdAt === 'string';
}

/**
 * The live notifications: GET .../stream read with fetch, so the bearer token travels in the
 * Authorization header (EventSource cannot send one). After a disconnection it reconnects with
 * `Last-Event-ID` (or, before any event, `?since=` the server's time of the last connection) so
 * nothing is missed; failures back off exponentially; a 401 renews the token once per attempt, and
 * when that fails the session is over and the stream stops. Returns a function that closes it.
 */
export function openNotificationStream(options: StreamOptions): () => void {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const abort = new AbortController();
  const signal = abort.signal;
  let lastEventId = options.lastEventId ?? '';
  let since: string | null = null;
  let retryMs = INITIAL_BACKOFF_MS;
  let failures = 0;
  const status = (s: StreamStatus) => {
    if (!signal.aborted) options.onStatus?.(s);
  };

  const connect = async (url: string, token: string | null): Promise<Response | null> => {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    const target = !lastEventId && since ? `${url}?since=${encodeURIComponent(since)}` : url;
    try {
      return await doFetch(target, { headers, signal, cache: 'no-store' });
    } catch {
      return null;
    }
  };

  /** Reads one open stream to its end; resolves whether any bytes arrived (the connection worked). */
  const read = async (response: Response): Promise<void> => {
    const serverTime = Date.parse(response.headers.get('date') ?? '');
    if (!Number.isNaN(serverTime)) since = new Date(serverTime).toISOString();
    const parser = new EventStreamParser(lastEventId);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    status('live');
    failures = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const event of parser.feed(value)) {
          lastEventId = event.lastEventId;
          if (event.event !== 'notification') continue;
          try {
            const parsed: unknown = JSON.parse(event.data);
            if (isNotification(parsed)) options.onNotification(parsed);
          } catch {
            // One malformed event must not end the stream.
          }
        }
        if (parser.retry !== null) retryMs = parser.retry;
      }
    } catch {
      // Network drop or close(): the loop decides what comes next.
    } finally {
      reader.releaseLock();
    }
  };

  const run = async () => {
    status('connecting');
    while (!signal.aborted) {
      const url = options.url();
      if (!url) break;
      const token = options.accessToken();
      const response = await connect(url, token);
      if (signal.aborted) break;
      if (response?.status === 401) {
        await response.body?.cancel().catch(() => undefined);
        if (!(await options.refresh(token))) break;
        // A renewed token refused again would loop: count it as a failure.
        if (failures++ > 0) await sleep(backoffDelay(failures, retryMs, random), signal);
        continue;
      }
      if (response?.ok && response.body) {
        await read(response);
        if (signal.aborted) break;
        // The server ended the stream (token expiry, shutdown): come back after the wait it asked for.
        status('reconnecting');
        await sleep(retryMs, signal);
        continue;
      }
      // A Last-Event-ID the server no longer knows is refused (400): resume from the time instead.
      if (response?.status === 400) lastEventId = '';
      await response?.body?.cancel().catch(() => undefined);
      failures++;
      status('reconnecting');
      await sleep(backoffDelay(failures, retryMs, random), signal);
    }
    status('stopped');
  };
  void run();
  return () => abort.abort();
}
