import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { baseUrl, closeServer, createNotification, openStream, userIdOf } from './notifications-sse';

// Two server processes on one PostgreSQL database, as in a scale-out: what one commits, the other's
// streams receive. PGlite is one process by construction, so this runs only with DATABASE_URL.
describe.skipIf(!process.env.DATABASE_URL)('notifications across two server instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let baseA: string;
  let baseB: string;

  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer({ join: a });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    baseA = baseUrl(a.app);
    baseB = baseUrl(b.app);
  });
  afterAll(async () => {
    // The joined instance first: the first one drops the database.
    for (const server of [b, a]) if (server) await closeServer(server);
  });

  it('a stream on instance B receives a notification committed through instance A', async () => {
    // A token from one instance is valid on the other: the signing keys live in the database.
    const headers = await a.auth('acme', 'tecnico');
    const onB = await openStream(baseB, headers);
    const onA = await openStream(baseA, headers);
    try {
      const created = await createNotification(a.db, {
        tenant: 'acme',
        userId: userIdOf(headers),
        title: 'Nuova attività assegnata',
        text: 'Manutenzione caldaia, via Roma 1, Milano',
        link: '#/wfm/activities/1',
      });
      for (const stream of [onB, onA]) {
        const event = await stream.next();
        expect(event).toMatchObject({ event: 'notification', id: created.id });
        expect(JSON.parse(event.data!)).toEqual(created);
      }
      const listed = await b.app.inject({ url: `/notifications/api/notifications/${created.id}`, headers });
      expect(listed.json().data).toEqual(created);
    } finally {
      onB.close();
      onA.close();
    }
  });

  it('catches up after its listening connection drops', async () => {
    const headers = await a.auth('globex', 'utente');
    const stream = await openStream(baseB, headers);
    try {
      // Cut every LISTEN session on this database (both instances'); they reconnect by themselves.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen %'`.execute(a.db.kysely);
      const created = await createNotification(a.db, {
        tenant: 'globex',
        userId: userIdOf(headers),
        title: 'Promemoria contratto',
        text: 'Il contratto scade tra 30 giorni',
      });
      expect((await stream.next(15_000)).id).toBe(created.id);
      // And live delivery works again after the reconnection.
      const later = await createNotification(a.db, {
        tenant: 'globex',
        userId: userIdOf(headers),
        title: 'Secondo promemoria',
        text: 'Il contratto scade tra 29 giorni',
      });
      expect((await stream.next(15_000)).id).toBe(later.id);
    } finally {
      stream.close();
    }
  });
});
