import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect';
import type { Unlisten } from '../../db/listen';
import { withTenant } from '../../db/tenancy';
import type { Notification } from './definition';
import { NOTIFICATIONS_CHANNEL, notificationEventSchema, type NotificationEvent } from './notify';
import { getNotification, type Owner } from './store';

/** One open stream, as the hub sees it. */
export interface Subscriber {
  readonly owner: Owner;
  /** The session (refresh-token family) of the access token that opened the stream. */
  readonly sessionId: string;
  /** A notification of the subscriber's owner was committed (possibly by another process). */
  deliver(notification: Notification): void;
  /** Events may have been missed (the listening connection dropped): re-read from the table. */
  catchUp(): Promise<void>;
  /** The server is stopping. */
  close(): void;
}

const keyOf = (owner: Owner): string => `${owner.tenant}\u0000${owner.userId}`;

/**
 * The one listener of this process on the notifications channel, fanning each event out to this
 * process's open streams of that tenant and user. Events carry ids only: the record is read inside
 * the tenant's transaction, once per event however many tabs the user has open here.
 */
export class NotificationHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly pending = new Set<Promise<void>>();
  private unlisten: Unlisten | null = null;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(NOTIFICATIONS_CHANNEL, (payload) => this.received(payload), {
      onReconnect: () => {
        this.log.warn('notifications listener reconnected; open streams catch up');
        this.track(this.catchUpAll());
      },
      onError: (error) => this.log.warn({ err: error }, 'notifications listener connection failed'),
    });
  }

  /** Registers an open stream; the returned function unregisters it. */
  subscribe(subscriber: Subscriber): () => void {
    if (this.stopped) throw new Error('The notification hub is closed');
    const key = keyOf(subscriber.owner);
    const set = this.subscribers.get(key) ?? new Set<Subscriber>();
    set.add(subscriber);
    this.subscribers.set(key, set);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.subscribers.get(key) === set) this.subscribers.delete(key);
    };
  }

  get closed(): boolean {
    return this.stopped;
  }

  /** Open streams in this process (for tests and logs). */
  get size(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  /** Sessions of a user ended (logout, reuse detection, password change): their streams close now. */
  endSessions(owner: Owner, sessions: readonly string[]): void {
    const set = this.subscribers.get(keyOf(owner));
    if (!set) return;
    const ended = new Set(sessions);
    for (const subscriber of [...set]) if (ended.has(subscriber.sessionId)) subscriber.close();
  }

  /** Ends every open stream and stops listening; waits for deliveries under way. */
  async close(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const set of this.subscribers.values()) for (const subscriber of set) subscriber.close();
    this.subscribers.clear();
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.();
    await Promise.allSettled([...this.pending]);
  }

  private received(payload: string): void {
    if (this.stopped) return;
    let event: NotificationEvent;
    try {
      event = notificationEventSchema.parse(JSON.parse(payload));
    } catch {
      this.log.warn({ payload }, 'ignored a malformed notification event');
      return;
    }
    // Most events concern users with no stream open in this process: no query for those.
    if (!this.subscribers.has(keyOf({ tenant: event.tenant, userId: event.userId }))) return;
    this.track(this.fanOut(event));
  }

  private async fanOut(event: NotificationEvent): Promise<void> {
    const owner = { tenant: event.tenant, userId: event.userId };
    try {
      const notification = await withTenant(this.db.kysely, owner.tenant, (trx) =>
        getNotification(trx, owner, event.id),
      );
      if (!notification) return;
      for (const subscriber of this.subscribers.get(keyOf(owner)) ?? []) subscriber.deliver(notification);
    } catch (error) {
      if (!this.stopped) this.log.error({ err: error, event }, 'could not deliver a notification');
    }
  }

  private async catchUpAll(): Promise<void> {
    const all = [...this.subscribers.values()].flatMap((set) => [...set]);
    const results = await Promise.allSettled(all.map((subscriber) => subscriber.catchUp()));
    for (const result of results) {
      if (result.status === 'rejected') this.log.error({ err: result.reason }, 'a stream could not catch up');
    }
  }

  private track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }
}
