import { describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '../../../src/shell/notifications/api';
import { backoffDelay, openNotificationStream, type StreamStatus } from '../../../src/shell/notifications/stream';

const URL_ = 'http://api/notifications/api/notifications/stream';

const notification = (id: string, extra: Partial<AppNotification> = {}): AppNotification => ({
  id,
  title: `Title ${id}`,
  text: 'Text',
  type: 'normal',
  link: null,
  readAt: null,
  createdAt: '2025-05-01T10:00:00.000Z',
  ...extra,
});

const frame = (n: AppNotification) => `id: ${n.id}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`;

/** An SSE response whose body the test writes and ends. */
function sseResponse(date = 'Thu, 01 May 2025 10:00:00 GMT') {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream', Date: date } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

interface Call {
  url: string;
  headers: Headers;
}

/** fetch answering from a script; once the script is used up, it waits until aborted. */
function scriptedFetch(script: (() => Response | Promise<Response>)[]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), headers: new Headers(init?.headers) });
    const next = script.shift();
    if (next) return next();
    return new Promise<Response>((_, reject) =>
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
    );
  });
  return { fetch, calls };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(check()).toBe(true);
};

function open(script: (() => Response | Promise<Response>)[], overrides: Record<string, unknown> = {}) {
  const { fetch, calls } = scriptedFetch(script);
  const received: AppNotification[] = [];
  const statuses: StreamStatus[] = [];
  const sleeps: number[] = [];
  let token = 'token-1';
  const refresh = vi.fn(async (rejected: string | null) => {
    expect(rejected).toBe(token);
    token = `token-${Number(token.split('-')[1]) + 1}`;
    return true;
  });
  const close = openNotificationStream({
    url: () => URL_,
    accessToken: () => token,
    refresh,
    onNotification: (n) => received.push(n),
    onStatus: (s) => statuses.push(s),
    fetch,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 1,
    ...overrides,
  });
  return { close, calls, received, statuses, sleeps, refresh };
}

describe('live notifications stream', () => {
  it('reads the stream with fetch and the bearer token, and hands over each notification', async () => {
    const stream = sseResponse();
    const s = open([() => stream.response]);
    await until(() => s.statuses.includes('live'));
    expect(s.calls[0].url).toBe(URL_);
    expect(s.calls[0].headers.get('Authorization')).toBe('Bearer token-1');
    expect(s.calls[0].headers.get('Accept')).toBe('text/event-stream');
    expect(s.calls[0].headers.get('Last-Event-ID')).toBeNull();

    stream.write('retry: 3000\n: connected\n\n');
    stream.write(frame(notification('a')));
    stream.write('event: notification\ndata: {not json\n\n');
    stream.write(': ping\n\n' + frame(notification('b', { type: 'error' })));
    await until(() => s.received.length === 2);
    expect(s.received.map((n) => [n.id, n.type])).toEqual([
      ['a', 'normal'],
      ['b', 'error'],
    ]);
    s.close();
  });

  it('resumes with Last-Event-ID after the server ends the stream, waiting the retry it asked for', async () => {
    const first = sseResponse();
    const second = sseResponse();
    const s = open([() => first.response, () => second.response], { lastEventId: 'seen' });
    await until(() => s.calls.length === 1);
    expect(s.calls[0].headers.get('Last-Event-ID')).toBe('seen');
    first.write('retry: 2500\n\n' + frame(notification('n1')));
    first.end();
    await until(() => s.calls.length === 2);
    expect(s.statuses).toContain('reconnecting');
    expect(s.sleeps).toEqual([2500]);
    expect(s.calls[1].headers.get('Last-Event-ID')).toBe('n1');
    expect(s.calls[1].url).toBe(URL_);
    s.close();
  });

  it('before any event, resumes from the server time of the last connection (?since=)', async () => {
    const first = sseResponse('Thu, 01 May 2025 10:00:00 GMT');
    const s = open([() => first.response]);
    await until(() => s.statuses.includes('live'));
    first.end();
    await until(() => s.calls.length === 2);
    expect(s.calls[1].url).toBe(`${URL_}?since=${encodeURIComponent('2025-05-01T10:00:00.000Z')}`);
    expect(s.calls[1].headers.get('Last-Event-ID')).toBeNull();
    s.close();
  });

  it('on a 401 renews the token and connects again with the new one', async () => {
    const stream = sseResponse();
    const s = open([() => new Response(null, { status: 401 }), () => stream.response]);
    await until(() => s.calls.length === 2);
    expect(s.refresh).toHaveBeenCalledTimes(1);
    expect(s.calls[1].headers.get('Authorization')).toBe('Bearer token-2');
    await until(() => s.statuses.includes('live'));
    s.close();
  });

  it('stops for good when the token cannot be renewed (the session is over)', async () => {
    const s = open([() => new Response(null, { status: 401 })], { refresh: async () => false });
    await until(() => s.statuses.includes('stopped'));
    expect(s.calls).toHaveLength(1);
  });

  it('backs off exponentially while the service is down or unreachable', async () => {
    const down = () => new Response('{}', { status: 503 });
    const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
    const s = open([down, unreachable, down, down]);
    await until(() => s.calls.length === 5);
    expect(s.sleeps).toEqual([1000, 2000, 4000, 8000]);
    s.close();
  });

  it('forgets a Last-Event-ID the service refuses (400) and resumes from the time instead', async () => {
    const s = open([() => new Response('{}', { status: 400 })], { lastEventId: 'gone' });
    await until(() => s.calls.length === 2);
    expect(s.calls[1].headers.get('Last-Event-ID')).toBeNull();
    s.close();
  });

  it('closing aborts the request and reports nothing more', async () => {
    const s = open([]);
    await until(() => s.calls.length === 1);
    s.close();
    await new Promise((r) => setTimeout(r, 10));
    expect(s.calls).toHaveLength(1);
    expect(s.statuses).toEqual(['connecting']);
  });
});

describe('backoff', () => {
  it('doubles from one second up to a minute, with jitter between half and all of it', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 1000, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(20, 1000, () => 1)).toBe(60_000);
    expect(backoffDelay(3, 1000, () => 0)).toBe(2000);
  });
});
