import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, paths, type Row } from './wfm-fixture';

let server: TestServer;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;
let http: ReturnType<typeof api>;

const ACTIVITIES = '/wfm/api/activities';
const act = (id: string, action: string) => `${ACTIVITIES}/${id}/actions/${action}`;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWfmWorld(server);
});
afterAll(async () => {
  await server?.close();
});

/** A published activity of `tecnico` (the technician side reaches only published ones). */
const job = (extra: Record<string, unknown> = {}, technicianIds = [w.tecnico.id]) =>
  w.activity(technicianIds, { planState: 'published', ...extra });

const run = (record: Row, action: string, headers = w.tecnicoAuth, input: Record<string, unknown> = {}) =>
  http.ok('POST', act(record.id, action), headers, { version: record.version, ...input });

describe('time tracking: startWork, pauseWork, stopWork', () => {
  it('opens an entry for the acting technician and closes it on pause and stop', async () => {
    const a = await job();
    expect(a).toMatchObject({ workState: 'notStarted', timeEntries: null, workedMinutes: 0 });
    const started = await run(a, 'startWork');
    expect(started.workState).toBe('running');
    expect(started.timeEntries).toEqual([
      { id: expect.any(String), technicianId: w.tecnico.id, start: expect.any(String), end: null },
    ]);
    const paused = await run(started, 'pauseWork');
    expect(paused.workState).toBe('paused');
    const [entry] = paused.timeEntries as { start: string; end: string | null }[];
    expect(entry.end).toEqual(expect.any(String));
    expect(Date.parse(entry.end!)).toBeGreaterThanOrEqual(Date.parse(entry.start));
    const again = await run(paused, 'startWork');
    expect((again.timeEntries as unknown[]).length).toBe(2);
    const stopped = await run(again, 'stopWork');
    expect(stopped.workState).toBe('stopped');
    expect((stopped.timeEntries as { end: string | null }[]).every((e) => e.end !== null)).toBe(true);
    expect(stopped.workedMinutes).toBe(0);
  });

  it('writes the lead technician when an administrator who is not on the team starts the clock', async () => {
    const a = await job({ leadTechnicianId: w.other.id }, [w.tecnico.id, w.other.id]);
    const started = await run(a, 'startWork', w.admin);
    expect((started.timeEntries as { technicianId: string }[])[0].technicianId).toBe(w.other.id);
  });

  it('refuses a transition the clock does not allow, and any once the activity is completed (409)', async () => {
    const a = await job();
    const pause = await http.post(act(a.id, 'pauseWork'), w.tecnicoAuth, { version: a.version });
    expect(pause.statusCode).toBe(409);
    expect(paths(pause.body)).toEqual(['workState']);
    const completed = await run(a, 'complete', w.admin, {
      actualStart: '2026-01-12T08:00:00Z',
      actualEnd: '2026-01-12T10:30:00Z',
      resolution: 'Fatto.',
    });
    const start = await http.post(act(a.id, 'startWork'), w.tecnicoAuth, { version: completed.version });
    expect(start.statusCode).toBe(409);
    expect(paths(start.body)).toEqual(['status']);
  });

  it('keeps the entries read-only: an update naming them is refused', async () => {
    const a = await job();
    const res = await http.post(`${ACTIVITIES}/${a.id}`, w.admin, {
      version: a.version,
      timeEntries: [{ technicianId: w.tecnico.id, start: '2026-01-12T08:00:00Z', end: null }],
    });
    expect(res.statusCode).toBe(400);
    expect(paths(res.body)).toEqual(['timeEntries']);
  });
});

describe('technician updates of their own job', () => {
  const checklist = [
    { description: 'Pulizia filtri', required: true, done: false },
    { description: 'Controllo pressioni', required: false, done: false },
  ];
  const update = (record: Row, body: Record<string, unknown>, headers = w.tecnicoAuth) =>
    http.post(`${ACTIVITIES}/${record.id}`, headers, { version: record.version, ...body });

  it('lets the technician write notes, the resolution and ticks, then complete with the required item done', async () => {
    const a = await job({ checklist });
    const lines = (a.checklist as Row[]).map((line) => ({ ...line, done: true }));
    const res = await update(a, {
      notes: 'Cliente assente, chiavi dal custode.',
      resolution: 'Filtri puliti.',
      checklist: lines,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data as Row;
    expect(updated.notes).toBe('Cliente assente, chiavi dal custode.');
    expect((updated.checklist as Row[]).map((line) => line.done)).toEqual([true, true]);
    const completed = await run(updated, 'complete', w.tecnicoAuth, {
      actualStart: '2026-01-12T08:00:00Z',
      actualEnd: '2026-01-12T10:30:00Z',
      resolution: 'Filtri puliti.',
    });
    expect(completed.status).toBe('completed');
  });

  it('refuses the office fields with 403 naming each of them', async () => {
    const a = await job();
    const res = await update(a, { title: 'Altro', priority: 'urgent', notes: 'ok', scheduledStart: a.scheduledStart });
    expect(res.statusCode).toBe(403);
    expect(paths(res.body).sort()).toEqual(['priority', 'title']);
    expect((await http.ok('GET', `${ACTIVITIES}/${a.id}`, w.admin)).notes).toBeNull();
  });

  it('lets the technician tick the checklist but not rewrite, add or remove its lines (403)', async () => {
    const a = await job({ checklist });
    const stored = a.checklist as Row[];
    for (const lines of [
      [{ ...stored[0], description: 'Altro' }, stored[1]],
      [{ ...stored[0], required: false }, stored[1]],
      [stored[0]],
      [...stored, { description: 'Nuova', required: false, done: true }],
    ]) {
      const res = await update(a, { checklist: lines });
      expect(res.statusCode, JSON.stringify(lines)).toBe(403);
      expect(paths(res.body)).toEqual(['checklist']);
    }
  });

  it('takes no change once the activity is completed (409), and none on another technician’s job (404)', async () => {
    const a = await job();
    const completed = await run(a, 'complete', w.admin, {
      actualStart: '2026-01-12T08:00:00Z',
      actualEnd: '2026-01-12T10:30:00Z',
      resolution: 'Fatto.',
    });
    const late = await update(completed, { notes: 'dopo' });
    expect(late.statusCode).toBe(409);
    expect(paths(late.body)).toEqual(['status']);
    const theirs = await job({}, [w.other.id]);
    expect((await update(theirs, { notes: 'mio' })).statusCode).toBe(404);
  });

  it('leaves administrators free to edit the office fields as before', async () => {
    const a = await job();
    const res = await update(a, { title: 'Manutenzione straordinaria' }, w.admin);
    expect(res.statusCode, res.body).toBe(200);
  });
});
