import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/tenancy';
import { notify, notifyRole } from '../../server/services/notifications/index';
import { startTestServer, type TestServer } from './helpers';
import { backdate, baseUrl, closeServer, createNotification, openStream, userIdOf } from './notifications-sse';

const API = '/notifications/api/notifications';
type Headers = { authorization: string };

let server: TestServer;
let base: string;
let stopped = false;
const users: Record<string, Headers & { id: string }> = {};

async function user(tenant: string, username: string) {
  const key = `${tenant}/${username}`;
  if (!users[key]) {
    const headers = await server.auth(tenant, username);
    users[key] = { ...headers, id: userIdOf(headers) };
  }
  return users[key];
}

function create(
  tenant: string,
  owner: { id: string },
  title: string,
  extra: { type?: 'normal' | 'error'; link?: string } = {},
) {
  return createNotification(server.db, { tenant, userId: owner.id, title, text: `${title}: text`, ...extra });
}

const list = (headers: Headers, query = '') => server.app.inject({ url: `${API}${query ? `?${query}` : ''}`, headers });

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = baseUrl(server.app);
});
afterAll(async () => {
  if (!stopped && server) await closeServer(server);
});

describe('notifications list', () => {
  it("lists only the caller's own, newest first, with the list contract's filters, sort and pages", async () => {
    const utente = await user('acme', 'utente');
    const a = await create('acme', utente, 'Alpha');
    const b = await create('acme', utente, 'Bravo', { type: 'error', link: '#/address-book/contacts/1' });
    const c = await create('acme', utente, 'Charlie');
    await backdate(server.db, 'acme', a.id, { createdAt: '2025-01-01T10:00:00.000Z' });
    await backdate(server.db, 'acme', b.id, { createdAt: '2025-01-01T11:00:00.000Z' });
    await backdate(server.db, 'acme', c.id, { createdAt: '2025-01-01T12:00:00.000Z' });
    await create('acme', await user('acme', 'admin'), 'For the admin');

    const all = await list(utente);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().data.map((n: { title: string }) => n.title)).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(all.json().data[1]).toEqual({
      id: b.id,
      title: 'Bravo',
      text: 'Bravo: text',
      type: 'error',
      link: '#/address-book/contacts/1',
      readAt: null,
      createdAt: '2025-01-01T11:00:00.000Z',
    });

    const titles = async (query: string) =>
      (await list(utente, query)).json().data.map((n: { title: string }) => n.title);
    expect(await titles('filters[0][field]=type&filters[0][operator]=eq&filters[0][value]=error')).toEqual(['Bravo']);
    expect(await titles('filters[0][field]=readAt&filters[0][operator]=isNull&filters[0][value]=false')).toEqual([]);
    expect(
      await titles(
        'filters[0][field]=createdAt&filters[0][operator]=between' +
          '&filters[0][value][0]=2025-01-01T10:30:00Z&filters[0][value][1]=2025-01-01T12:00:00Z',
      ),
    ).toEqual(['Charlie', 'Bravo']);
    expect(await titles('options[sortBy]=createdAt&options[sortDirection]=asc')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const page = (await list(utente, 'page=1&pageSize=2')).json();
    expect(page.total).toBe(3);
    expect(page.data.map((n: { title: string }) => n.title)).toEqual(['Alpha']);
  });

  it('answers 400 naming the parameter for anything the contract does not allow', async () => {
    const headers = await user('acme', 'utente');
    const cases: [string, string][] = [
      ['filters[0][field]=title&filters[0][operator]=eq&filters[0][value]=x', 'filters[0][operator]'],
      ['filters[0][field]=updatedAt&filters[0][operator]=gt&filters[0][value]=2025-01-01', 'filters[0][field]'],
      ['filters[0][field]=userId&filters[0][operator]=eq&filters[0][value]=x', 'filters[0][field]'],
      ['filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=x', 'filters[0][field]'],
      ['filters[0][field]=type&filters[0][operator]=eq&filters[0][value]=urgent', 'filters[0][value]'],
      ['options[sortBy]=title', 'options[sortBy]'],
      ['options[sortBy]=updatedAt', 'options[sortBy]'],
      ['pageSize=101', 'pageSize'],
      ['userId=x', 'userId'],
      // Always the exact total and whole notifications (docs/wire-contract.md#notifications).
      ['options[total]=none', 'options[total]'],
      ['options[fields]=title', 'options[fields]'],
    ];
    for (const [query, path] of cases) {
      const res = await list(headers, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(
        res.json().errors.map((e: { path: string }) => e.path),
        query,
      ).toContain(path);
    }
    expect((await server.app.inject({ url: API })).statusCode).toBe(401);
  });
});

describe('reading notifications', () => {
  it('counts unread ones, marks one read (idempotently) and marks all read', async () => {
    const me = await user('globex', 'utente');
    const created = [
      await create('globex', me, 'One'),
      await create('globex', me, 'Two'),
      await create('globex', me, 'Three'),
    ];
    const count = async () => (await server.app.inject({ url: `${API}/unread-count`, headers: me })).json();
    expect(await count()).toEqual({ data: { count: 3 } });

    const read = await server.app.inject({ method: 'POST', url: `${API}/${created[0].id}/read`, headers: me });
    expect(read.statusCode).toBe(200);
    const { readAt } = read.json().data;
    expect(readAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await count()).toEqual({ data: { count: 2 } });
    // A client that sends JSON headers with no body, as some do, is not refused; a second read keeps the time.
    const again = await server.app.inject({
      method: 'POST',
      url: `${API}/${created[0].id}/read`,
      headers: { ...me, 'content-type': 'application/json' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.readAt).toBe(readAt);

    const unread = (
      await list(me, 'filters[0][field]=readAt&filters[0][operator]=isNull&filters[0][value]=true')
    ).json();
    expect(unread.data.map((n: { title: string }) => n.title).sort()).toEqual(['Three', 'Two']);

    const all = await server.app.inject({ method: 'POST', url: `${API}/read-all`, headers: me });
    expect(all.json()).toEqual({ data: { updated: 2 } });
    expect(await count()).toEqual({ data: { count: 0 } });
    expect((await server.app.inject({ method: 'POST', url: `${API}/read-all`, headers: me })).json()).toEqual({
      data: { updated: 0 },
    });
    const plain = await server.app.inject({
      method: 'POST',
      url: `${API}/read-all`,
      headers: { ...me, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(plain.statusCode).toBe(415);
  });

  it("answers 404 for another user's or another tenant's notification, and for a malformed id", async () => {
    const admin = await user('acme', 'admin');
    const mine = await create('acme', admin, 'Private');
    const strangers = [await user('acme', 'tecnico'), await user('globex', 'admin')];
    for (const headers of strangers) {
      expect((await server.app.inject({ url: `${API}/${mine.id}`, headers })).statusCode).toBe(404);
      const read = await server.app.inject({ method: 'POST', url: `${API}/${mine.id}/read`, headers });
      expect(read.statusCode).toBe(404);
      expect(read.headers['content-type']).toMatch(/^application\/problem\+json/);
      const byId = `filters[0][field]=id&filters[0][operator]=eq&filters[0][value]=${mine.id}`;
      expect((await list(headers, byId)).json()).toEqual({ data: [], total: 0 });
    }
    expect((await server.app.inject({ url: `${API}/not-a-uuid`, headers: admin })).statusCode).toBe(404);
    expect((await server.app.inject({ url: `${API}/${randomUUID()}`, headers: admin })).statusCode).toBe(404);
    const own = await server.app.inject({ url: `${API}/${mine.id}`, headers: admin });
    expect(own.json().data).toMatchObject({ id: mine.id, title: 'Private', readAt: null });
  });

  it('notifies every active user with a role, and refuses links that are not hash routes', async () => {
    const created = await withTenant(server.db.kysely, 'acme', (trx) =>
      notifyRole(trx, 'acme', 'ROLE_TECHNICIAN', { title: 'For technicians', text: 'A new activity' }),
    );
    expect(created).toHaveLength(1);
    const tecnico = await user('acme', 'tecnico');
    const titleIs = 'filters[0][field]=id&filters[0][operator]=eq&filters[0][value]=' + created[0].id;
    expect((await list(tecnico, titleIs)).json().total).toBe(1);
    expect((await list(await user('acme', 'admin'), titleIs)).json().total).toBe(0);

    const owner = await user('acme', 'utente');
    for (const link of ['https://evil.example/', 'javascript:alert(1)', '#/ok with space']) {
      await expect(create('acme', owner, 'Bad link', { link })).rejects.toThrow(/hash route/);
    }
  });
});

describe('notification stream', () => {
  it('delivers a notification committed after subscribing, only to its own user of its own tenant', async () => {
    const tecnico = await user('acme', 'tecnico');
    const stream = await openStream(base, tecnico);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('cache-control')).toContain('no-store');
      await create('acme', await user('acme', 'admin'), 'Not for the technician');
      await create('globex', await user('globex', 'tecnico'), 'Another tenant');
      const mine = await create('acme', tecnico, 'For the technician', { type: 'error' });
      const event = await stream.next();
      expect(event).toMatchObject({ event: 'notification', id: mine.id });
      expect(JSON.parse(event.data!)).toEqual(mine);
    } finally {
      stream.close();
    }
  });

  it('delivers nothing for a notification whose transaction rolls back', async () => {
    const utente = await user('acme', 'utente');
    const stream = await openStream(base, utente);
    try {
      const rolledBack = withTenant(server.db.kysely, 'acme', async (trx) => {
        await notify(trx, { tenant: 'acme', userId: utente.id, title: 'Rolled back', text: 'Never happened' });
        throw new Error('the change failed');
      });
      await expect(rolledBack).rejects.toThrow('the change failed');
      const committed = await create('acme', utente, 'Committed');
      expect(await stream.next()).toMatchObject({ id: committed.id });
      const titles = (await list(utente, 'pageSize=100')).json().data.map((n: { title: string }) => n.title);
      expect(titles).toContain('Committed');
      expect(titles).not.toContain('Rolled back');
    } finally {
      stream.close();
    }
  });

  it('replays what was missed after Last-Event-ID or since, then goes live', async () => {
    const admin = await user('globex', 'admin');
    const missed = [
      await create('globex', admin, 'M1'),
      await create('globex', admin, 'M2'),
      await create('globex', admin, 'M3'),
    ];
    const times = missed.map((_, i) => new Date(Date.now() - 60_000 + i * 1000).toISOString());
    for (const [i, n] of missed.entries()) await backdate(server.db, 'globex', n.id, { createdAt: times[i] });

    const resumed = await openStream(base, { ...admin, 'last-event-id': missed[0].id });
    try {
      expect((await resumed.next()).id).toBe(missed[1].id);
      expect((await resumed.next()).id).toBe(missed[2].id);
      const live = await create('globex', admin, 'Live');
      expect((await resumed.next()).id).toBe(live.id);
    } finally {
      resumed.close();
    }

    const fromTime = await openStream(base, admin, `?since=${encodeURIComponent(times[1])}`);
    try {
      expect((await fromTime.next()).id).toBe(missed[1].id);
      expect((await fromTime.next()).id).toBe(missed[2].id);
    } finally {
      fromTime.close();
    }

    // An id that is not the user's gives no position: only new notifications are sent.
    const unknown = await openStream(base, { ...admin, 'last-event-id': randomUUID() });
    try {
      const fresh = await create('globex', admin, 'Fresh');
      expect((await unknown.next()).id).toBe(fresh.id);
    } finally {
      unknown.close();
    }
  });

  it('answers problems instead of a stream for bad input or no token', async () => {
    const headers = await user('acme', 'admin');
    const url = `${API}/stream`;
    for (const [query, extra, path] of [
      ['?since=yesterday', {}, 'since'],
      ['?from=2025-01-01T00:00:00Z', {}, 'from'],
      ['', { 'last-event-id': 'not-an-id' }, 'Last-Event-ID'],
    ] as const) {
      const res = await server.app.inject({ url: `${url}${query}`, headers: { ...headers, ...extra } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
    expect((await server.app.inject({ url })).statusCode).toBe(401);
  });

  it('forgets a stream whose client went away', async () => {
    const utente = await user('globex', 'tecnico');
    let socket: Socket | undefined;
    server.app.server.once('request', (request: IncomingMessage) => (socket = request.socket));
    const first = await openStream(base, utente);
    first.close();
    // The server ends its side of the stream; further notifications for the user go nowhere, harmlessly.
    await expect.poll(() => socket?.destroyed).toBe(true);
    await create('globex', utente, 'Nobody listening');
    const second = await openStream(base, utente);
    try {
      const next = await create('globex', utente, 'Listening again');
      expect((await second.next()).id).toBe(next.id);
    } finally {
      second.close();
    }
  });

  // Last: it stops the server.
  it('ends open streams when the server stops', async () => {
    const stream = await openStream(base, await user('acme', 'admin'));
    stopped = true;
    const closing = server.close();
    expect(await stream.ended()).toBe(true);
    await closeServer(server, closing);
  });
});
