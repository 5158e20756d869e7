import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, type Row } from './wfm-fixture';

/**
 * The planner's data (docs/wire-contract.md#planning): the calendar window (technicians, jobs and absences
 * intersecting it) and the queue of unscheduled work, admin only and tenant-scoped.
 */

let server: TestServer;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;
let http: ReturnType<typeof api>;
const world = {} as {
  inside: Row;
  touchingFrom: Row;
  overnight: Row;
  later: Row;
  cancelled: Row;
  unscheduled: Row;
  urgent: Row;
  due: Row;
  inactive: Row;
  absence: Row;
  skill: Row;
};

// The window of the tests: Monday 2 March 2026, Rome midnight to midnight.
const FROM = '2026-03-01T23:00:00Z';
const TO = '2026-03-02T23:00:00Z';
const windowUrl = (from = FROM, to = TO) =>
  `/wfm/api/planning/window?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWfmWorld(server);
  const { admin } = w;
  world.skill = await http.create('/wfm/api/skills', admin, { name: 'Frigorista', kind: 'skill' });
  await http.ok('POST', `/wfm/api/technicians/${w.other.id}`, admin, {
    version: w.other.version,
    team: 'Squadra Nord',
    zone: 'Milano',
    skills: [{ skillId: world.skill.id }],
    workingHours: [{ weekday: 'mon', startTime: '08:00', endTime: '17:00' }],
  });
  world.inactive = await http.create('/wfm/api/technicians', admin, {
    firstName: 'Ugo',
    lastName: 'Assente',
    phone: '+393331234500',
    color: '#ff0000',
    active: false,
  });
  await http.ok('POST', `/sales/api/sites/${w.siteB.id}`, admin, { version: w.siteB.version, zone: 'Milano' });
  const job = (
    technicianIds: string[],
    start: string | null,
    end: string | null,
    extra: Record<string, unknown> = {},
  ) =>
    http.create('/wfm/api/activities', admin, {
      customerId: w.customerA.id,
      siteId: w.siteA.id,
      type: 'inspection',
      priority: 'normal',
      billingMode: 'chargeable',
      title: 'Sopralluogo',
      technicianIds,
      ...(technicianIds.length > 1 ? { leadTechnicianId: technicianIds[0] } : {}),
      // Night slots test the window's edges: outside working hours on purpose (planning checks).
      ...(start ? { scheduledStart: start, scheduledEnd: end, overrideReason: 'Bordi della finestra' } : {}),
      ...extra,
    });
  world.inside = await job([w.tecnico.id, w.other.id], '2026-03-02T08:00:00Z', '2026-03-02T10:00:00Z', {
    requiredSkillIds: [world.skill.id],
  });
  // Ends where the window starts: touching is not intersecting.
  world.touchingFrom = await job([w.tecnico.id], '2026-03-01T21:00:00Z', FROM);
  // Starts the evening before and runs into the window.
  world.overnight = await job([w.other.id], '2026-03-01T20:00:00Z', '2026-03-02T01:00:00Z');
  world.later = await job([w.tecnico.id], TO, '2026-03-03T01:00:00Z');
  world.cancelled = await job([w.tecnico.id], '2026-03-02T12:00:00Z', '2026-03-02T13:00:00Z');
  await http.ok('POST', `/wfm/api/activities/${world.cancelled.id}/actions/cancel`, admin, {
    version: world.cancelled.version,
    cancelReason: 'Il cliente ha disdetto',
  });
  world.unscheduled = await job([], null, null, { estimatedMinutes: 90, title: 'Controllo compressore' });
  world.urgent = await job([], null, null, { priority: 'urgent', siteId: w.siteB.id, customerId: w.customerB.id });
  world.due = await job([], null, null, { requiredSkillIds: [world.skill.id] });
  world.absence = await http.create('/wfm/api/absences', admin, {
    technicianId: w.tecnico.id,
    kind: 'training',
    start: '2026-03-02T13:00:00Z',
    end: '2026-03-02T17:00:00Z',
  });
  await http.create('/wfm/api/absences', admin, {
    technicianId: w.other.id,
    kind: 'holiday',
    start: '2026-03-03T07:00:00Z',
    end: '2026-03-03T17:00:00Z',
  });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

type Window = {
  technicians: Record<string, unknown>[];
  activities: Record<string, unknown>[];
  absences: Record<string, unknown>[];
};

const windowOf = async (headers: Record<string, string>, from = FROM, to = TO) => {
  const res = await http.get(windowUrl(from, to), headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Window;
};

describe('GET /wfm/api/planning/window', () => {
  it('gives the active technicians with their team, zone, skills and hours', async () => {
    const body = await windowOf(w.admin);
    const ids = body.technicians.map((t) => t.id);
    expect(ids).toContain(w.tecnico.id);
    expect(ids).not.toContain(world.inactive.id);
    expect(body.technicians.find((t) => t.id === w.other.id)).toEqual({
      id: w.other.id,
      name: 'Paolo Bianchi',
      color: '#1e88e5',
      team: 'Squadra Nord',
      zone: 'Milano',
      skillIds: [world.skill.id],
      workingHours: [{ weekday: 'mon', startTime: '08:00', endTime: '17:00' }],
      active: true,
    });
  });

  it('gives the jobs whose slot intersects the window, cancelled ones aside', async () => {
    const body = await windowOf(w.admin);
    expect(body.activities.map((a) => a.id).sort()).toEqual([world.inside.id, world.overnight.id].sort());
    expect(body.activities.find((a) => a.id === world.inside.id)).toEqual({
      id: world.inside.id,
      number: world.inside.number,
      title: 'Sopralluogo',
      type: 'inspection',
      status: 'assigned',
      priority: 'normal',
      planState: 'draft',
      publicationWarning: false,
      technicianIds: [w.tecnico.id, w.other.id],
      leadTechnicianId: w.tecnico.id,
      scheduledStart: '2026-03-02T08:00:00.000Z',
      scheduledEnd: '2026-03-02T10:00:00.000Z',
      customerId: w.customerA.id,
      customerName: 'Supermercati Rossi S.r.l.',
      siteId: w.siteA.id,
      siteName: 'Punto vendita PV01',
      siteZone: null,
      requiredSkillIds: [world.skill.id],
      origin: 'manual',
      version: world.inside.version,
    });
  });

  it('gives the absences intersecting the window', async () => {
    const body = await windowOf(w.admin);
    expect(body.absences).toEqual([
      {
        id: world.absence.id,
        technicianId: w.tecnico.id,
        kind: 'training',
        start: '2026-03-02T13:00:00.000Z',
        end: '2026-03-02T17:00:00.000Z',
      },
    ]);
    const week = await windowOf(w.admin, FROM, '2026-03-08T23:00:00Z');
    expect(week.absences).toHaveLength(2);
    expect(week.activities.map((a) => a.id)).toContain(world.later.id);
  });

  it.each([
    ['no from', `/wfm/api/planning/window?to=${TO}`, 'from'],
    ['no to', `/wfm/api/planning/window?from=${FROM}`, 'to'],
    ['a date without time', windowUrl('2026-03-02', TO), 'from'],
    ['a datetime without zone', windowUrl('2026-03-02T00:00:00', TO), 'from'],
    ['nonsense', windowUrl(FROM, 'tomorrow'), 'to'],
    ['to before from', windowUrl(TO, FROM), 'to'],
    ['to equal to from', windowUrl(FROM, FROM), 'to'],
    ['more than 42 days', windowUrl(FROM, '2026-04-13T00:00:00Z'), 'to'],
    ['an unknown parameter', `${windowUrl()}&technicianId=x`, 'technicianId'],
  ])('answers 400 to %s', async (_, url, path) => {
    const res = await http.get(url, w.admin);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([path]);
  });

  it('takes exactly 42 days', async () => {
    const res = await http.get(windowUrl(FROM, '2026-04-12T23:00:00Z'), w.admin);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('is for administrators: a technician gets 403, no token 401', async () => {
    expect((await http.get(windowUrl(), w.tecnicoAuth)).statusCode).toBe(403);
    expect((await http.get(windowUrl(), {})).statusCode).toBe(401);
  });

  it("never shows another tenant's planning", async () => {
    const globex = await windowOf(await server.auth('globex', 'admin'));
    const acme = [w.tecnico.id, w.other.id, world.inside.id, world.overnight.id, world.absence.id];
    const seen = [...globex.technicians, ...globex.activities, ...globex.absences].map((r) => r.id);
    expect(seen.filter((id) => acme.includes(id as string))).toEqual([]);
    const queue = await http.get('/wfm/api/planning/queue', await server.auth('globex', 'admin'));
    expect(queue.json().data.map((a: Row) => a.id)).not.toContain(world.unscheduled.id);
  });
});

describe('GET /wfm/api/planning/queue', () => {
  const queue = async (query = '') => {
    const res = await http.get(`/wfm/api/planning/queue${query}`, w.admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Row[]; total: number };
  };

  it('lists the unscheduled assigned work, the most pressing first', async () => {
    const body = await queue();
    const mine = body.data.filter((a) => [world.unscheduled.id, world.urgent.id, world.due.id].includes(a.id));
    expect(mine.map((a) => a.id)).toEqual([world.urgent.id, world.unscheduled.id, world.due.id]);
    expect(body.data.map((a) => a.id)).not.toContain(world.inside.id);
    expect(body.total).toBe(body.data.length);
    const item = body.data.find((a) => a.id === world.unscheduled.id)!;
    expect(item).toMatchObject({
      title: 'Controllo compressore',
      estimatedMinutes: 90,
      occurrenceDate: null,
      scheduledStart: null,
      technicianIds: [],
      customerName: 'Supermercati Rossi S.r.l.',
      origin: 'manual',
    });
  });

  it('filters by zone, skill and text', async () => {
    expect((await queue('?zone=milano')).data.map((a) => a.id)).toEqual([world.urgent.id]);
    expect((await queue(`?skillId=${world.skill.id}`)).data.map((a) => a.id)).toEqual([world.due.id]);
    expect((await queue('?q=compressore')).data.map((a) => a.id)).toEqual([world.unscheduled.id]);
    expect((await queue('?q=gino')).data.map((a) => a.id)).toEqual([world.urgent.id]);
  });

  it('answers 400 to a malformed filter and 403 to a technician', async () => {
    const bad = await http.get('/wfm/api/planning/queue?skillId=nope', w.admin);
    expect(bad.statusCode, bad.body).toBe(400);
    expect((await http.get('/wfm/api/planning/queue?sort=x', w.admin)).statusCode).toBe(400);
    expect((await http.get('/wfm/api/planning/queue', w.tecnicoAuth)).statusCode).toBe(403);
  });
});
