import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/connect';
import { withTenant } from '../../server/db/tenancy';
import { housekeeping } from '../../server/jobs/housekeeping';
import { JobRunner, type JobContext, type JobDefinition } from '../../server/jobs/index';
import { nextOccurrence } from '../../server/jobs/schedule';
import { CLIENT, FORM, form, startTestServer, type TestServer } from './helpers';
import { backdate, createNotification, userIdOf } from './notifications-sse';

let server: TestServer;
/** A second connection to the same database: a second pool on PostgreSQL, the same PGlite otherwise. */
let other: Database;

beforeAll(async () => {
  server = await startTestServer();
  other = server.databaseUrl
    ? await openDatabase({ databaseUrl: server.databaseUrl, dataDir: '', poolSize: 4 })
    : server.db;
});
afterAll(async () => {
  if (other && other !== server?.db) await other.close();
  await server?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const row = (name: string) =>
  server.db.kysely.selectFrom('jobs.scheduled').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
const runner = (jobs: JobDefinition[], db: Database = server.db, extra: { pollMs?: number } = {}) =>
  new JobRunner({ db: db.kysely, jobs, ...extra });

/** A promise and the function that settles it, to hold a job in the middle of its run. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('job runner', () => {
  it('runs a due job once and schedules its next run', async () => {
    const seen: JobContext[] = [];
    const job: JobDefinition = {
      name: 'count-once',
      schedule: { every: 3600 },
      run: async (ctx) => void seen.push(ctx),
    };
    const first = runner([job]);
    expect(await first.tick()).toEqual(['count-once']);
    expect(await first.tick()).toEqual([]);
    // Another process registering the same job does not make it due again.
    expect(await runner([job], other).tick()).toEqual([]);
    expect(seen).toHaveLength(1);

    const state = await row('count-once');
    expect(state).toMatchObject({ runs: 1, failures: 0, lastError: null, lockedBy: null, lockedUntil: null });
    expect(state.schedule).toBe('every 3600s');
    expect(seen[0].now.toISOString()).toBe(state.lastRunAt);
    expect(Date.parse(state.nextRunAt) - Date.parse(state.lastRunAt!)).toBe(3600 * 1000);
  });

  it('records a failure and retries it later', async () => {
    let attempts = 0;
    const job: JobDefinition = {
      name: 'flaky',
      schedule: { every: 3600 },
      retrySeconds: 1,
      async run() {
        attempts += 1;
        if (attempts === 1) throw new Error('boom');
      },
    };
    const jobs = runner([job]);
    expect(await jobs.tick()).toEqual(['flaky']);
    const failed = await row('flaky');
    expect(failed).toMatchObject({ runs: 1, failures: 1, lastError: 'Error: boom', lockedBy: null });
    const retryIn = Date.parse(failed.nextRunAt) - Date.parse(failed.lastFinishedAt!);
    expect(retryIn).toBeGreaterThan(0);
    expect(retryIn).toBeLessThan(3000);
    expect(await jobs.tick()).toEqual([]);

    await expect.poll(() => jobs.tick(), { timeout: 5000, interval: 200 }).toEqual(['flaky']);
    expect(await row('flaky')).toMatchObject({ runs: 2, failures: 0, lastError: null });
    expect(attempts).toBe(2);
  });

  it('never runs one occurrence twice with two runners on one database', async () => {
    const counts = new Map<string, number>();
    const jobs: JobDefinition[] = Array.from({ length: 5 }, (_, i) => ({
      name: `pair-${i}`,
      schedule: { every: 3600 },
      async run() {
        counts.set(`pair-${i}`, (counts.get(`pair-${i}`) ?? 0) + 1);
        await sleep(30);
      },
    }));
    const one = runner(jobs);
    const two = runner(jobs, other);
    const ran = await Promise.all([one.tick(), two.tick(), one.tick(), two.tick()]);
    expect(ran.flat().sort()).toEqual(jobs.map((job) => job.name));
    expect([...counts.values()]).toEqual([1, 1, 1, 1, 1]);

    // A job under way is leased: the other runner leaves it alone even though it is still due.
    const held = gate();
    const started = gate();
    const slow: JobDefinition = {
      name: 'slow',
      schedule: { every: 3600 },
      async run() {
        started.open();
        await held.opened;
      },
    };
    const running = runner([slow]).tick();
    await started.opened;
    expect(await runner([slow], other).tick()).toEqual([]);
    held.open();
    expect(await running).toEqual(['slow']);
    expect((await row('slow')).runs).toBe(1);
  });

  it('takes over a job whose runner died once the lease lapses', async () => {
    let runs = 0;
    const job: JobDefinition = { name: 'orphan', schedule: { every: 3600 }, run: async () => void (runs += 1) };
    const jobs = runner([job]);
    await jobs.tick();
    const dead = (until: string) =>
      sql`update jobs.scheduled set next_run_at = now(), locked_by = 'crashed-host:1',
        locked_until = now() + ${until}::interval where name = 'orphan'`.execute(server.db.kysely);
    await dead('1 hour');
    expect(await jobs.tick()).toEqual([]);
    await dead('-1 second');
    expect(await jobs.tick()).toEqual(['orphan']);
    expect(runs).toBe(2);
    expect(await row('orphan')).toMatchObject({ lockedBy: null, runs: 2 });
  });

  it('polls once started, and stop() waits for the job under way', async () => {
    const started = gate();
    const held = gate();
    const job: JobDefinition = {
      name: 'gated',
      schedule: { every: 3600 },
      async run() {
        started.open();
        await held.opened;
      },
    };
    const jobs = runner([job], server.db, { pollMs: 20 });
    await jobs.start();
    await started.opened;
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await sleep(100);
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    expect(await row('gated')).toMatchObject({ runs: 1, lockedBy: null, lastError: null });
  });

  it('runs daily jobs at a wall-clock time of Italy and applies a changed schedule', async () => {
    const before = new Date();
    await runner([{ name: 'daily', schedule: { dailyAt: '07:00' }, run: async () => undefined }]).tick();
    const first = await row('daily');
    expect(first.schedule).toBe('daily at 07:00 Europe/Rome');
    const rome = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(
        new Date(iso),
      );
    expect(rome(first.nextRunAt)).toBe('07:00');
    expect(first.nextRunAt).toBe(nextOccurrence({ dailyAt: '07:00' }, before).toISOString());
    expect(first.runs).toBe(0);

    await runner([{ name: 'daily', schedule: { dailyAt: '08:30' }, run: async () => undefined }]).tick();
    const changed = await row('daily');
    expect(changed.schedule).toBe('daily at 08:30 Europe/Rome');
    expect(rome(changed.nextRunAt)).toBe('08:30');

    const noop = async () => undefined;
    expect(() => runner([{ name: 'x', schedule: { every: 0 }, run: noop }])).toThrow(/interval/);
    expect(() => runner([{ name: 'x', schedule: { dailyAt: '25:00' }, run: noop }])).toThrow(/HH:MM/);
    expect(() => runner([{ name: 'x', schedule: { dailyAt: '07:00', timeZone: 'Mars/Base' }, run: noop }])).toThrow();
    const twice = { name: 'x', schedule: { every: 60 }, run: noop };
    expect(() => runner([twice, twice])).toThrow(/Two jobs/);
  });
});

describe('housekeeping job', () => {
  it('deletes notifications read long ago and spent refresh tokens, and keeps the rest', async () => {
    const utente = await server.auth('acme', 'utente');
    const owner = { tenant: 'acme', userId: userIdOf(utente) };
    const days = (n: number) => new Date(Date.now() - n * 24 * 3600 * 1000).toISOString();
    const oldRead = await createNotification(server.db, { ...owner, title: 'Old read', text: 'x' });
    const recentRead = await createNotification(server.db, { ...owner, title: 'Recent read', text: 'x' });
    const oldUnread = await createNotification(server.db, { ...owner, title: 'Old unread', text: 'x' });
    await backdate(server.db, 'acme', oldRead.id, { createdAt: days(200), readAt: days(100) });
    await backdate(server.db, 'acme', recentRead.id, { createdAt: days(200), readAt: days(10) });
    await backdate(server.db, 'acme', oldUnread.id, { createdAt: days(200) });

    // Two sessions of the user: one token spent two days ago, one expired; the admin's stays live.
    await server.login('acme', 'utente');
    await server.login('acme', 'utente');
    const admin = await server.login('acme', 'admin');
    const tokens = (userId: string) =>
      withTenant(server.db.kysely, 'acme', (trx) =>
        trx
          .selectFrom('oauth2.refreshTokens')
          .select(['tokenHash'])
          .where('userId', '=', userId)
          .where('usedAt', 'is', null)
          .orderBy('createdAt')
          .execute(),
      );
    const mine = await tokens(owner.userId);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    await withTenant(server.db.kysely, 'acme', async (trx) => {
      for (const [i, token] of mine.entries()) {
        const change = i === 0 ? { usedAt: days(2) } : { expiresAt: days(0.001) };
        await trx.updateTable('oauth2.refreshTokens').set(change).where('tokenHash', '=', token.tokenHash).execute();
      }
    });

    expect(await runner([housekeeping]).tick()).toEqual(['housekeeping']);
    expect((await row('housekeeping')).lastError).toBeNull();

    const listed = await server.app.inject({ url: '/notifications/api/notifications?pageSize=100', headers: utente });
    const titles = listed.json().data.map((n: { title: string }) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Recent read', 'Old unread']));
    expect(titles).not.toContain('Old read');
    const left = await withTenant(server.db.kysely, 'acme', (trx) =>
      trx.selectFrom('oauth2.refreshTokens').select('tokenHash').where('userId', '=', owner.userId).execute(),
    );
    expect(left).toEqual([]);

    const refresh = await server.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: FORM,
      payload: form({
        grant_type: 'refresh_token',
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        refresh_token: admin.RefreshToken,
      }),
    });
    expect(refresh.statusCode).toBe(200);
  });
});
