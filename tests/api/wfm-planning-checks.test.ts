import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, type Row } from './wfm-fixture';

/**
 * The planning checks (docs/domain.md#planning-checks): every create and update of planned work is judged
 * against the tenant's other work, the team's skills, certificates, absences (hard) and working hours (soft),
 * and the planner's dry run answers the same conflicts.
 */

const ACTIVITIES = '/wfm/api/activities';
const CHECK = '/wfm/api/planning/check';

let server: TestServer;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;
let http: ReturnType<typeof api>;
let it_: { authorization: string; 'accept-language': string };
let en: { authorization: string; 'accept-language': string };

/** Each test plans on its own Monday of 2027 (winter time: Italy is UTC+1), so tests never meet. */
let week = 0;
const nextMonday = () => {
  const day = new Date(Date.UTC(2027, 0, 4 + 7 * week++));
  return day.toISOString().slice(0, 10);
};
/** An instant at an Italian wall-clock time of `day` (UTC+1 in winter). */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();

interface Conflict {
  kind: string;
  hard: boolean;
  technicianId: string | null;
  path: string;
  key: string;
  params: Record<string, string>;
  message: string;
  activityId?: string;
  absenceId?: string;
}

const technician = (firstName: string, extra: Record<string, unknown> = {}) =>
  http.create('/wfm/api/technicians', w.admin, {
    firstName,
    lastName: 'Verdi',
    phone: '+393331234567',
    color: '#43a047',
    ...extra,
  });

/** A planned activity of customer A: an inspection (no F-gas) unless `extra` says otherwise. */
const plan = (technicianIds: string[], start: string, end: string, extra: Record<string, unknown> = {}, as = en) =>
  http.post(ACTIVITIES, as, {
    customerId: w.customerA.id,
    siteId: w.siteA.id,
    type: 'inspection',
    priority: 'normal',
    billingMode: 'chargeable',
    title: 'Sopralluogo',
    technicianIds,
    leadTechnicianId: technicianIds[0],
    scheduledStart: start,
    scheduledEnd: end,
    ...extra,
  });

const planned = async (technicianIds: string[], start: string, end: string, extra: Record<string, unknown> = {}) => {
  const res = await plan(technicianIds, start, end, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Row;
};

const conflictsOf = (res: { statusCode: number; body: string }, status = 409): Conflict[] => {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as { errors?: Conflict[]; conflicts?: Conflict[] };
  return body.errors ?? body.conflicts ?? [];
};

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWfmWorld(server);
  it_ = { ...w.admin, 'accept-language': 'it' };
  en = { ...w.admin, 'accept-language': 'en' };
});
afterAll(async () => {
  await server?.close();
});

describe('overlaps', () => {
  it('refuses a second job of the same technician over the first, naming it; touching slots and others are fine', async () => {
    const day = nextMonday();
    const first = await planned([w.tecnico.id], at(day, '09:00'), at(day, '11:00'));
    const refused = await plan([w.tecnico.id], at(day, '10:00'), at(day, '12:00'));
    const [conflict] = conflictsOf(refused);
    expect(conflict).toMatchObject({
      kind: 'overlap',
      hard: true,
      technicianId: w.tecnico.id,
      path: 'scheduledStart',
      key: 'validation.wfm.planning.overlap',
      activityId: first.id,
      params: { technician: 'Luca Bianchi', activity: first.number, start: '09:00', end: '11:00' },
      message: `Luca Bianchi already has ${String(first.number)} from 09:00 to 11:00`,
    });
    expect(refused.json().detail).toContain(conflict.message);
    await planned([w.tecnico.id], at(day, '11:00'), at(day, '12:00'));
    await planned([w.other.id], at(day, '10:00'), at(day, '12:00'));
  });

  it('says it in Italian to an Italian request', async () => {
    const day = nextMonday();
    const first = await planned([w.tecnico.id], at(day, '14:00'), at(day, '16:00'));
    const [conflict] = conflictsOf(await plan([w.tecnico.id], at(day, '15:00'), at(day, '17:00'), {}, it_));
    expect(conflict.message).toBe(`Luca Bianchi ha già ${String(first.number)} dalle 14:00 alle 16:00`);
  });

  it('lets a cancelled job free its slot', async () => {
    const day = nextMonday();
    const gone = await planned([w.other.id], at(day, '09:00'), at(day, '11:00'));
    await http.ok('POST', `${ACTIVITIES}/${gone.id}/actions/cancel`, w.admin, {
      version: gone.version,
      cancelReason: 'Il cliente ha disdetto',
    });
    await planned([w.other.id], at(day, '09:00'), at(day, '11:00'));
  });

  it('checks a move (drag) like a new plan, and never against the job itself', async () => {
    const day = nextMonday();
    const fixed = await planned([w.tecnico.id], at(day, '09:00'), at(day, '10:00'));
    const moving = await planned([w.tecnico.id], at(day, '11:00'), at(day, '12:00'));
    const move = (start: string, end: string) =>
      http.post(`${ACTIVITIES}/${moving.id}`, en, {
        version: moving.version,
        scheduledStart: start,
        scheduledEnd: end,
      });
    const [conflict] = conflictsOf(await move(at(day, '09:30'), at(day, '10:30')));
    expect(conflict).toMatchObject({ kind: 'overlap', activityId: fixed.id });
    expect((await move(at(day, '10:00'), at(day, '11:30'))).statusCode).toBe(200);
    // Reassigning onto a busy colleague is a change of plan too.
    const busy = await planned([w.other.id], at(day, '10:30'), at(day, '11:00'));
    const reassigned = await http.post(`${ACTIVITIES}/${moving.id}`, en, {
      version: moving.version + 1,
      technicianIds: [w.other.id],
      leadTechnicianId: w.other.id,
    });
    expect(conflictsOf(reassigned)[0]).toMatchObject({
      kind: 'overlap',
      technicianId: w.other.id,
      activityId: busy.id,
    });
  });
});

describe('skills', () => {
  it('refuses a team without a required skill, with an expired one, or without the certificate the skill needs', async () => {
    const skill = await http.create('/wfm/api/skills', w.admin, { name: 'Frigorista', kind: 'skill' });
    const brazing = await http.create('/wfm/api/skills', w.admin, {
      name: 'Brasatura',
      kind: 'skill',
      requiresCertificate: true,
    });
    const expired = await technician('Ugo', { skills: [{ skillId: skill.id, validUntil: '2026-01-31' }] });
    const uncertified = await technician('Ivo', { skills: [{ skillId: brazing.id }] });
    const qualified = await technician('Ada', {
      skills: [
        { skillId: skill.id, validUntil: '2030-12-31' },
        { skillId: brazing.id, certificateNumber: 'BR-123' },
      ],
    });
    const day = nextMonday();
    const slot = [at(day, '09:00'), at(day, '10:00')] as const;
    const [none] = conflictsOf(await plan([w.tecnico.id], ...slot, { requiredSkillIds: [skill.id] }));
    expect(none).toMatchObject({
      kind: 'missingSkill',
      hard: true,
      technicianId: null,
      path: 'technicianIds',
      key: 'validation.wfm.planning.missingSkill',
      params: { skill: 'Frigorista' },
    });
    expect(none.message).toContain('Frigorista');
    const [late] = conflictsOf(await plan([expired.id], ...slot, { requiredSkillIds: [skill.id] }));
    expect(late).toMatchObject({ kind: 'missingSkill', params: { skill: 'Frigorista' } });
    const [paperless] = conflictsOf(await plan([uncertified.id], ...slot, { requiredSkillIds: [brazing.id] }));
    expect(paperless).toMatchObject({ kind: 'missingSkill', params: { skill: 'Brasatura' } });
    // One qualified technician on the team is enough.
    await planned([expired.id, qualified.id], ...slot, { requiredSkillIds: [skill.id, brazing.id] });
  });
});

describe('F-gas certificate', () => {
  it('refuses a leak check, or gas work on an F-gas machine, without a certificate valid on the day', async () => {
    const none = await technician('Marco');
    const lapsed = await technician('Gianni', {
      fgasCertificateNumber: 'IT-FGAS-OLD',
      fgasCertificateCategory: 'I',
      fgasCertificateIssueDate: '2016-01-15',
      fgasCertificateExpiryDate: '2026-06-30',
    });
    const day = nextMonday();
    const slot = [at(day, '09:00'), at(day, '10:00')] as const;
    const [leak] = conflictsOf(await plan([none.id], ...slot, { type: 'leakCheck' }));
    expect(leak).toMatchObject({
      kind: 'certificate',
      hard: true,
      technicianId: null,
      path: 'technicianIds',
      key: 'validation.wfm.planning.certificate',
    });
    const [expired] = conflictsOf(await plan([lapsed.id], ...slot, { type: 'leakCheck' }));
    expect(expired.kind).toBe('certificate');
    const onMachine = await plan([none.id], ...slot, { type: 'maintenance', machineIds: [w.machine.id] });
    expect(conflictsOf(onMachine)[0].kind).toBe('certificate');
    // No F-gas machine, no certificate needed; a certified colleague on the team covers the job.
    const plain = await planned([none.id], ...slot, { type: 'maintenance' });
    expect((await http.del(`${ACTIVITIES}/${plain.id}`, w.admin)).statusCode).toBe(200);
    await planned([none.id, w.tecnico.id], ...slot, { type: 'maintenance', machineIds: [w.machine.id] });
  });
});

describe('absences', () => {
  it('refuses a job over an absence of one of the team, naming it', async () => {
    const day = nextMonday();
    const away = await http.create('/wfm/api/absences', w.admin, {
      technicianId: w.other.id,
      kind: 'holiday',
      start: at(day, '00:00'),
      end: at(day, '13:00'),
    });
    const [conflict] = conflictsOf(await plan([w.tecnico.id, w.other.id], at(day, '09:00'), at(day, '10:00'), {}, it_));
    expect(conflict).toMatchObject({
      kind: 'absence',
      hard: true,
      technicianId: w.other.id,
      path: 'scheduledStart',
      absenceId: away.id,
      params: { technician: 'Paolo Bianchi', kind: 'Ferie' },
    });
    expect(conflict.message).toContain('Paolo Bianchi è assente (Ferie)');
    await planned([w.other.id], at(day, '13:00'), at(day, '14:00'));
  });
});

describe('working hours', () => {
  let sara: Row;
  beforeAll(async () => {
    sara = await technician('Sara', {
      workingHours: [
        { weekday: 'mon', startTime: '08:00', endTime: '12:00' },
        { weekday: 'mon', startTime: '13:00', endTime: '17:00' },
      ],
    });
  });

  it('refuses a slot outside them unless the request gives a reason, which is recorded', async () => {
    const day = nextMonday();
    await planned([sara.id], at(day, '08:00'), at(day, '12:00'));
    const refused = await plan([sara.id], at(day, '12:30'), at(day, '14:00'));
    const [conflict] = conflictsOf(refused);
    expect(conflict).toMatchObject({
      kind: 'outsideWorkingHours',
      hard: false,
      technicianId: sara.id,
      path: 'scheduledStart',
      key: 'validation.wfm.planning.outsideWorkingHours',
      params: { technician: 'Sara Verdi', hours: '08:00–12:00, 13:00–17:00', start: '12:30', end: '14:00' },
    });
    expect(refused.json().detail).toContain('overrideReason');
    const blank = await plan([sara.id], at(day, '12:30'), at(day, '14:00'), { overrideReason: null });
    expect(blank.statusCode, blank.body).toBe(409);
    const before = Date.now();
    const accepted = await planned([sara.id], at(day, '12:30'), at(day, '14:00'), { overrideReason: 'Urgenza' });
    expect(accepted.planningOverrides).toEqual([
      expect.objectContaining({
        kind: 'outsideWorkingHours',
        technicianId: sara.id,
        scheduledStart: at(day, '12:30'),
        scheduledEnd: at(day, '14:00'),
        reason: 'Urgenza',
        by: 'admin',
      }),
    ]);
    const when = Date.parse(String((accepted.planningOverrides as Row[])[0].at));
    expect(when).toBeGreaterThanOrEqual(before - 1000);
    expect(when).toBeLessThanOrEqual(Date.now() + 1000);

    // The stored reason was for that plan: moving it again outside the hours needs a reason of its own.
    const move = (extra: Record<string, unknown>) =>
      http.post(`${ACTIVITIES}/${accepted.id}`, en, {
        version: accepted.version,
        scheduledStart: at(day, '16:30'),
        scheduledEnd: at(day, '17:30'),
        ...extra,
      });
    expect(conflictsOf(await move({}))[0].kind).toBe('outsideWorkingHours');
    const moved = await move({ overrideReason: 'Il cliente chiude alle 17:30' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json().data as Row).planningOverrides).toHaveLength(2);
  });

  it('refuses a day off, and a reason never lets a hard conflict stand', async () => {
    const monday = nextMonday();
    const saturday = new Date(Date.parse(`${monday}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
    const [off] = conflictsOf(await plan([sara.id], at(saturday, '09:00'), at(saturday, '10:00'), {}, it_));
    expect(off.params).toMatchObject({ weekday: 'Sabato', hours: 'non lavora' });
    await planned([sara.id], at(monday, '09:00'), at(monday, '10:00'));
    const both = await plan([sara.id], at(monday, '09:30'), at(monday, '12:30'), { overrideReason: 'Urgenza' });
    expect(conflictsOf(both).map((c) => c.kind)).toEqual(['overlap', 'outsideWorkingHours']);
  });

  it('does not constrain a technician without working hours', async () => {
    const day = nextMonday();
    const late = await planned([w.tecnico.id], at(day, '20:00'), at(day, '22:00'));
    expect(late.planningOverrides ?? []).toEqual([]);
  });
});

describe('the dry run', () => {
  it('answers the conflicts a write would meet', async () => {
    const day = nextMonday();
    const first = await planned([w.tecnico.id], at(day, '09:00'), at(day, '11:00'));
    const body = { technicianIds: [w.tecnico.id], scheduledStart: at(day, '10:00'), scheduledEnd: at(day, '12:00') };
    const dry = conflictsOf(await http.post(CHECK, en, body), 200);
    const wet = conflictsOf(await plan(body.technicianIds, body.scheduledStart, body.scheduledEnd));
    expect(dry).toEqual(wet);
    expect(dry[0]).toMatchObject({ kind: 'overlap', activityId: first.id });
    const italian = conflictsOf(await http.post(CHECK, it_, body), 200);
    expect(italian[0].message).toContain('ha già');
  });

  it('takes what is left out from the stored activity, which it never meets itself', async () => {
    const day = nextMonday();
    const first = await planned([w.tecnico.id], at(day, '09:00'), at(day, '11:00'));
    const second = await planned([w.tecnico.id], at(day, '14:00'), at(day, '15:00'));
    expect(conflictsOf(await http.post(CHECK, en, { activityId: first.id }), 200)).toEqual([]);
    const moved = await http.post(CHECK, en, {
      activityId: second.id,
      scheduledStart: at(day, '10:30'),
      scheduledEnd: at(day, '11:30'),
    });
    expect(conflictsOf(moved, 200).map((c) => [c.kind, c.activityId])).toEqual([['overlap', first.id]]);
    const other = await http.post(CHECK, en, { activityId: second.id, type: 'leakCheck' });
    expect(conflictsOf(other, 200)).toEqual([]);
  });

  it('refuses bad input with a 400 naming it', async () => {
    const day = nextMonday();
    const slot = { technicianIds: [w.tecnico.id], scheduledStart: at(day, '09:00'), scheduledEnd: at(day, '10:00') };
    const cases: [Record<string, unknown> | null, string][] = [
      [{ ...slot, colour: 'red' }, 'colour'],
      [{ ...slot, activityId: 'not-an-id' }, 'activityId'],
      [{ ...slot, technicianIds: ['nope'] }, 'technicianIds.0'],
      [{ ...slot, scheduledStart: 'tomorrow' }, 'scheduledStart'],
      [{ ...slot, scheduledEnd: slot.scheduledStart }, 'scheduledEnd'],
      [{ technicianIds: [w.tecnico.id] }, 'scheduledStart'],
      [{ ...slot, type: 'party' }, 'type'],
    ];
    for (const [body, path] of cases) {
      const res = await http.post(CHECK, en, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect((await http.post(CHECK, en, null)).statusCode).toBe(400);
  });

  it('is for administrators of the tenant only', async () => {
    const day = nextMonday();
    const mine = await planned([w.tecnico.id], at(day, '09:00'), at(day, '10:00'));
    expect((await http.post(CHECK, w.tecnicoAuth, { activityId: mine.id })).statusCode).toBe(403);
    expect((await http.post(CHECK, {}, { activityId: mine.id })).statusCode).toBe(401);
    const globex = await server.auth('globex', 'admin');
    expect((await http.post(CHECK, globex, { activityId: mine.id })).statusCode).toBe(404);
  });
});
