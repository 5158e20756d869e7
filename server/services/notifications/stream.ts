import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { withTenant } from '../../db/tenancy';
import { HttpProblem, problems } from '../../http/errors';
import { UUID } from '../../records';
import type { Notification } from './definition';
import type { NotificationHub, Subscriber } from './hub';
import { getNotification, notificationsAfter, type Cursor, type Owner } from './store';

export const HEARTBEAT_MS = 25_000;
/** How long a client waits before reconnecting after the stream ends (SSE `retry:`). */
const RETRY_MS = 3_000;
/** A client that does not read is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Ids remembered per stream so replays, catch-ups and live events never send one twice. */
const REMEMBERED_IDS = 500;
const BEFORE_ANY_ID = '00000000-0000-0000-0000-000000000000';

const sinceSchema = z.iso.datetime({ offset: true });

/** Where a stream starts: replay after a cursor, or only what happens from now on. */
async function startingCursor(db: Db, owner: Owner, request: FastifyRequest): Promise<Cursor | null> {
  const url = request.url;
  const params = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  for (const key of params.keys()) {
    if (key !== 'since') throw queryProblem(key, `Unknown query parameter: ${key}`);
  }
  if (params.getAll('since').length > 1) throw queryProblem('since', 'Query parameter since is given more than once');
  const lastEventId = request.headers['last-event-id'];
  if (typeof lastEventId === 'string' && lastEventId.trim() !== '') {
    const id = lastEventId.trim();
    if (!UUID.test(id)) throw queryProblem('Last-Event-ID', 'Last-Event-ID must be the id of a notification');
    const last = await withTenant(db, owner.tenant, (trx) => getNotification(trx, owner, id.toLowerCase()));
    // An id that is not (or no longer) the user's gives no position: nothing to replay.
    return last ? { createdAt: last.createdAt, id: last.id } : null;
  }
  const since = params.get('since');
  if (since === null) return null;
  if (!sinceSchema.safeParse(since).success)
    throw queryProblem('since', 'since must be an ISO-8601 date-time with offset');
  return { createdAt: new Date(since).toISOString(), id: BEFORE_ANY_ID };
}

function queryProblem(param: string, message: string) {
  return problems.badQuery([{ path: param, message, key: 'validation.invalid', params: {} }]);
}

/** The `exp` of an already verified JWT, in milliseconds. */
function tokenExpiry(authorization: string | undefined): number | null {
  const payload = authorization?.trim().split(/ +/).pop()?.split('.')[1];
  if (!payload) return null;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function frame(notification: Notification): string {
  return `id: ${notification.id}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`;
}

/**
 * One text/event-stream response: the missed notifications first (after `Last-Event-ID` or
 * `?since=`), then every new one as it commits. Events that arrive while the replay is being read
 * are held back and sent after it, each id at most once.
 */
class EventStream implements Subscriber {
  private readonly sent = new Set<string>();
  private held: Notification[] | null = [];
  private cursor: Cursor;
  private readonly timers: NodeJS.Timeout[] = [];
  private ended = false;
  onEnd: () => void = () => undefined;

  constructor(
    readonly owner: Owner,
    readonly sessionId: string,
    private readonly db: Db,
    start: Cursor,
  ) {
    this.cursor = start;
  }

  /** What Fastify pipes to the client; it destroys this body when the client goes away. */
  readonly body = new PassThrough();

  /** Starts writing: the replay, then whatever was held back meanwhile. */
  open(replay: Notification[], expiresAt: number | null): void {
    // The server began stopping while the replay was being read: the answer is an empty stream.
    if (this.ended) return;
    this.body.on('close', () => this.end());
    // A write racing the client's departure; the stream just ends.
    this.body.on('error', () => this.end());
    this.write(`retry: ${RETRY_MS}\n: connected\n\n`);
    for (const notification of replay) this.send(notification);
    const held = this.held ?? [];
    this.held = null;
    for (const notification of held) this.send(notification);
    this.timers.push(setInterval(() => this.write(': ping\n\n'), HEARTBEAT_MS));
    // The stream must not outlive the token that opened it; the client reconnects with a fresh one.
    if (expiresAt !== null) {
      const timeout = setTimeout(() => this.close(), Math.max(0, Math.min(expiresAt - Date.now(), 2 ** 31 - 1)));
      this.timers.push(timeout);
    }
  }

  deliver(notification: Notification): void {
    if (this.held) this.held.push(notification);
    else this.send(notification);
  }

  async catchUp(): Promise<void> {
    if (this.ended) return;
    const missed = await withTenant(this.db, this.owner.tenant, (trx) =>
      notificationsAfter(trx, this.owner, this.cursor),
    );
    for (const notification of missed) this.deliver(notification);
  }

  close(): void {
    if (!this.ended) this.body.end();
    this.end();
  }

  private send(notification: Notification): void {
    if (this.ended || this.sent.has(notification.id)) return;
    this.sent.add(notification.id);
    if (this.sent.size > REMEMBERED_IDS) this.sent.delete(this.sent.values().next().value as string);
    const position = { createdAt: notification.createdAt, id: notification.id };
    if (compare(position, this.cursor) > 0) this.cursor = position;
    this.write(frame(notification));
  }

  private write(chunk: string): void {
    if (this.ended || this.body.destroyed || this.body.writableEnded) return;
    if (this.body.writableLength > MAX_BUFFERED_BYTES) {
      this.body.destroy();
      this.end();
      return;
    }
    this.body.write(chunk);
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.onEnd();
  }
}

function compare(a: Cursor, b: Cursor): number {
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return byTime !== 0 ? byTime : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** GET .../stream: the user's notifications as server-sent events. */
export async function openStream(
  db: Db,
  hub: NotificationHub,
  owner: Owner & { sessionId: string },
  request: FastifyRequest,
  reply: FastifyReply,
  sessionEnded: (sessionId: string) => boolean,
): Promise<FastifyReply> {
  const start = await startingCursor(db, owner, request);
  const stream = new EventStream(
    { tenant: owner.tenant, userId: owner.userId },
    owner.sessionId,
    db,
    start ?? { createdAt: new Date().toISOString(), id: BEFORE_ANY_ID },
  );
  if (hub.closed) throw new HttpProblem(503, 'The server is stopping; reconnect in a moment.');
  // Subscribed before the replay is read, so nothing committed in between falls into a gap.
  stream.onEnd = hub.subscribe(stream);
  // The session may have ended since the token was verified, before the hub could close this stream.
  if (sessionEnded(owner.sessionId)) {
    stream.onEnd();
    throw problems.unauthorized('The session of this token has ended.');
  }
  let replay: Notification[] = [];
  try {
    if (start) replay = await withTenant(db, owner.tenant, (trx) => notificationsAfter(trx, owner, start));
  } catch (error) {
    stream.onEnd();
    throw error;
  }
  stream.open(replay, tokenExpiry(request.headers.authorization));
  return (
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store, no-transform')
      // Proxies such as nginx would otherwise buffer the stream and deliver events late.
      .header('x-accel-buffering', 'no')
      .send(stream.body)
  );
}
