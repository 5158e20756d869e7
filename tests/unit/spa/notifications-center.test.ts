import { afterEach, describe, expect, it, vi } from 'vitest';
import { listQueryString, linkPath, type AppNotification } from '../../../src/shell/notifications/api';
import { NotificationCenter, TOASTS_PER_BURST } from '../../../src/shell/notifications/center';

const n = (id: string, extra: Partial<AppNotification> = {}): AppNotification => ({
  id,
  title: `T${id}`,
  text: 'x',
  type: 'normal',
  link: null,
  readAt: null,
  createdAt: '2025-05-01T10:00:00.000Z',
  ...extra,
});

const decode = (qs: string) => decodeURIComponent(qs);

describe('notifications list query', () => {
  it('asks for a page, newest first, in the bracket-index contract', () => {
    expect(decode(listQueryString({ page: 2, pageSize: 25 }))).toBe(
      'page=2&pageSize=25&options[sortBy]=createdAt&options[sortDirection]=desc',
    );
  });

  it('filters the unread ones with readAt isNull true', () => {
    expect(decode(listQueryString({ page: 0, pageSize: 25, unreadOnly: true }))).toBe(
      'page=0&pageSize=25&filters[0][field]=readAt&filters[0][operator]=isNull&filters[0][value]=true' +
        '&options[sortBy]=createdAt&options[sortDirection]=desc',
    );
  });

  it('opens only hash routes of the app', () => {
    expect(linkPath('#/address-book/contacts/1')).toBe('/address-book/contacts/1');
    expect(linkPath('https://evil.example/')).toBeNull();
    expect(linkPath(null)).toBeNull();
  });
});

/** A center over a fake service whose live stream the test writes, playing the server. */
function setup(options: { newest?: AppNotification[] } = {}) {
  // The server's unread count, kept by the fake service as the real one would.
  const server = { unread: 3 };
  const api = {
    streamUrl: vi.fn(() => 'http://api/notifications/api/notifications/stream' as string | undefined),
    list: vi.fn(async () => ({ data: options.newest ?? [n('newest')], total: 1 })),
    unreadCount: vi.fn(async () => server.unread),
    markRead: vi.fn(async (id: string) => {
      server.unread -= 1;
      return n(id, { readAt: '2025-05-01T11:00:00.000Z' });
    }),
    markAllRead: vi.fn(async () => {
      const updated = server.unread;
      server.unread = 0;
      return updated;
    }),
  };
  const toast = vi.fn();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  });
  const center = new NotificationCenter({
    api,
    stream: { accessToken: () => 't', refresh: async () => true, fetch },
    toast,
  });
  const received = () => center.getState().revision;
  return {
    center,
    server,
    api,
    toast,
    fetch,
    started: () => fetch.mock.calls.length > 0,
    lastEventId: () => new Headers(fetch.mock.calls[0]?.[1]?.headers).get('Last-Event-ID'),
    /** Sends frames and waits until the center has seen `count` more events. */
    async send(events: AppNotification[], count = events.length) {
      const target = received() + count;
      const text = events.map((x) => `id: ${x.id}\nevent: notification\ndata: ${JSON.stringify(x)}\n\n`).join('');
      controller.enqueue(new TextEncoder().encode(text));
      await until(() => received() === target);
    },
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(check()).toBe(true);
};

afterEach(() => vi.useRealTimers());

describe('notification center', () => {
  it('opens one stream for all its users, resuming after the newest notification, and closes after the last', async () => {
    const s = setup();
    const stopA = s.center.start();
    const stopB = s.center.start();
    await until(s.started);
    expect(s.fetch).toHaveBeenCalledTimes(1);
    expect(s.lastEventId()).toBe('newest');
    expect(s.center.getState().unread).toBe(3);
    stopA();
    stopA();
    expect(s.center.getState().status).not.toBe('idle');
    stopB();
    expect(s.center.getState()).toMatchObject({ unread: null, status: 'idle' });
    const signal = s.fetch.mock.calls[0][1]?.signal;
    expect(signal?.aborted).toBe(true);
  });

  it("opens one stream when a component mounts, unmounts and mounts again at once (React's StrictMode)", async () => {
    const s = setup();
    s.center.start()();
    const stop = s.center.start();
    await until(s.started);
    await new Promise((r) => setTimeout(r, 20));
    expect(s.fetch).toHaveBeenCalledTimes(1);
    expect(s.center.getState().status).toBe('live');
    stop();
  });

  it('does nothing when the tenant does not enable the notifications service', async () => {
    const s = setup();
    s.api.streamUrl.mockReturnValue(undefined);
    const stop = s.center.start();
    await new Promise((r) => setTimeout(r, 10));
    expect(s.fetch).not.toHaveBeenCalled();
    expect(s.api.unreadCount).not.toHaveBeenCalled();
    stop();
  });

  it('toasts each new unread arrival once, at most a few per burst, and re-reads the unread count', async () => {
    const s = setup();
    const stop = s.center.start();
    await until(s.started);
    s.server.unread = 5;
    await s.send([n('a'), n('a'), n('read', { readAt: '2025-05-01T10:00:00.000Z' })], 2);
    expect(s.toast).toHaveBeenCalledTimes(1);
    expect(s.toast).toHaveBeenCalledWith(n('a'));
    await s.send([0, 1, 2, 3, 4].map((i) => n(`burst${i}`)));
    expect(s.toast).toHaveBeenCalledTimes(TOASTS_PER_BURST);
    await until(() => s.center.getState().unread === 5);
    stop();
  });

  it('marks one read and re-reads the count; marks all read and shows zero', async () => {
    const s = setup();
    const stop = s.center.start();
    await until(() => s.center.getState().status === 'live' && s.center.getState().unread === 3);
    await s.center.markRead('x');
    expect(s.api.markRead).toHaveBeenCalledWith('x');
    expect(s.center.getState().unread).toBe(2);
    const revision = s.center.getState().revision;
    await s.center.markAllRead();
    expect(s.center.getState()).toMatchObject({ unread: 0, revision: revision + 1 });
    stop();
  });
});
