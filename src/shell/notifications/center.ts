import type { AppNotification, NotificationsApi } from './api';
import { openNotificationStream, type StreamOptions, type StreamStatus } from './stream';

export interface CenterState {
  /** Unread notifications according to the server; null until known. */
  unread: number | null;
  status: StreamStatus | 'idle';
  /** Bumped on every live arrival and every read, so open lists know to reload. */
  revision: number;
}

export interface CenterDeps {
  api: NotificationsApi;
  stream: Pick<StreamOptions, 'accessToken' | 'refresh' | 'fetch' | 'sleep'>;
  /** Shows a toast for a notification that arrived live. */
  toast: (notification: AppNotification) => void;
}

/** Toasts at most this many notifications per burst (a reconnection may replay up to 100). */
export const TOASTS_PER_BURST = 3;
const BURST_MS = 2_000;
/** Live arrivals close together cause one unread-count call. */
const COUNT_DEBOUNCE_MS = 300;

/**
 * The user's notifications while signed in: one live stream for the whole app (not one per
 * component), the unread count the app bar shows, and a toast for each arrival. Components share
 * it through start(), counted, so the stream closes when the last one unmounts (at logout).
 */
export class NotificationCenter {
  private state: CenterState = { unread: null, status: 'idle', revision: 0 };
  private readonly listeners = new Set<() => void>();
  private readonly seen = new Set<string>();
  private users = 0;
  /** Bumped by every stop: an opening that outlived its start (React's StrictMode remount) gives up. */
  private generation = 0;
  private close: (() => void) | null = null;
  private countTimer: ReturnType<typeof setTimeout> | null = null;
  private burst = { startedAt: 0, toasts: 0 };
  /** Whether this stream has been live once: a later return to live re-reads the count. */
  private wasLive = false;

  constructor(private readonly deps: CenterDeps) {}

  getState = (): CenterState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Starts the stream for the first user; the returned function stops it after the last one. */
  start(): () => void {
    this.users++;
    if (this.users === 1) void this.open();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.users--;
      if (this.users === 0) this.stop();
    };
  }

  async markRead(id: string): Promise<void> {
    await this.deps.api.markRead(id);
    this.bump();
    await this.refreshCount();
  }

  async markAllRead(): Promise<void> {
    await this.deps.api.markAllRead();
    this.set({ unread: 0 });
    this.bump();
  }

  /** Re-reads the unread count from the server (exact, whatever was missed or replayed). */
  async refreshCount(): Promise<void> {
    try {
      const unread = await this.deps.api.unreadCount();
      if (this.users > 0) this.set({ unread });
    } catch (error) {
      console.error(error);
    }
  }

  private async open(): Promise<void> {
    const generation = this.generation;
    const url = this.deps.api.streamUrl();
    if (!url) return;
    let lastEventId: string | null = null;
    try {
      // Resume after the newest one the user already has, so one created meanwhile still arrives live.
      const [newest, unread] = await Promise.all([
        this.deps.api.list({ page: 0, pageSize: 1 }),
        this.deps.api.unreadCount(),
      ]);
      lastEventId = newest.data[0]?.id ?? null;
      if (generation === this.generation) this.set({ unread });
    } catch (error) {
      console.error(error);
    }
    if (generation !== this.generation || this.close) return;
    this.close = openNotificationStream({
      ...this.deps.stream,
      url: () => this.deps.api.streamUrl(),
      lastEventId,
      onNotification: (n) => this.arrive(n),
      onStatus: (status) => {
        // Back live after a cut: what was missed may have changed the count. The first time, the count
        // was just read, and anything since arrives on the stream (resumed after the newest one).
        if (status === 'live' && this.state.status !== 'live' && this.wasLive) void this.refreshCount();
        if (status === 'live') this.wasLive = true;
        this.set({ status });
      },
    });
  }

  private stop(): void {
    this.generation++;
    this.close?.();
    this.close = null;
    if (this.countTimer) clearTimeout(this.countTimer);
    this.countTimer = null;
    this.seen.clear();
    this.wasLive = false;
    this.state = { unread: null, status: 'idle', revision: this.state.revision };
    this.emit();
  }

  private arrive(notification: AppNotification): void {
    if (this.seen.has(notification.id)) return;
    this.seen.add(notification.id);
    if (notification.readAt === null && this.mayToast()) this.deps.toast(notification);
    this.bump();
    if (this.countTimer) clearTimeout(this.countTimer);
    this.countTimer = setTimeout(() => {
      this.countTimer = null;
      void this.refreshCount();
    }, COUNT_DEBOUNCE_MS);
  }

  private mayToast(): boolean {
    const now = Date.now();
    if (now - this.burst.startedAt > BURST_MS) this.burst = { startedAt: now, toasts: 0 };
    return this.burst.toasts++ < TOASTS_PER_BURST;
  }

  private bump(): void {
    this.set({ revision: this.state.revision + 1 });
  }

  private set(patch: Partial<CenterState>): void {
    this.state = { ...this.state, ...patch };
    this.emit();
  }

  private emit(): void {
    this.listeners.forEach((listener) => listener());
  }
}
