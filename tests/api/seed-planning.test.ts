import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInItaly } from '../../resources/schema';
import { startTestServer, type TestServer } from './helpers';
import { api, type Row } from './wfm-fixture';

/**
 * The demo's plan (server/seed/wfm-schedule.ts) honours the planning checks' rules
 * (docs/domain.md#planning-checks): read as the administrator reads it, no technician has two jobs at once,
 * none during an absence or outside working hours, every F-gas job a certified technician, every required
 * skill someone on the team; and it gives the planner something to do: work without a time, drafts to send,
 * jobs changed after sending, absences, teams and zones.
 */

let server: TestServer;
let http: ReturnType<typeof api>;
let admin: { authorization: string };

const filter = (...conditions: [string, string, string][]) =>
  conditions
    .map(([field, operator, value], i) => `filters[${i}][field]=${field}&filters[${i}][operator]=${operator}&filters[${i}][value]=${encodeURIComponent(value)}`)
    .join('&'); // prettier-ignore

/** Every row of a list, page by page. */
async function all(url: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; ; page++) {
    const res = await http.get(`${url}${url.includes('?') ? '&' : '?'}pageSize=100&page=${page}`, admin);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const { data, total } = res.json() as { data: Row[]; total: number };
    rows.push(...data);
    if (data.length === 0 || rows.length >= total) return rows;
  }
}

const ROME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});
/** An instant's day, weekday ("mon") and wall-clock time ("08:30") in Italy. */
function wall(at: unknown) {
  const p = Object.fromEntries(ROME.formatToParts(new Date(String(at))).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, weekday: p.weekday.toLowerCase(), time: `${p.hour}:${p.minute}` };
}
const ms = (at: unknown) => Date.parse(String(at));
const FGAS_WORK = ['installation', 'repair', 'decommissioning', 'maintenance'];

let technicians: Row[];
let activities: Row[];
let planned: Row[];
let absences: Row[];

beforeAll(async () => {
  server = await startTestServer({ app: { demoScale: 0.2 } });
  http = api(server);
  admin = await server.auth('acme', 'admin');
  technicians = await all('/wfm/api/technicians');
  activities = await all('/wfm/api/activities');
  absences = await all('/wfm/api/absences');
  // What the checks judge: open or done work with a time and a team (a cancelled job frees its time).
  planned = activities.filter(
    (a) => a.scheduledStart && a.status !== 'cancelled' && (a.technicianIds as string[]).length > 0,
  );
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const onTeam = (technicianId: string) => planned.filter((a) => (a.technicianIds as string[]).includes(technicianId));

describe('the demo plan honours the planning checks', () => {
  it('gives no technician two jobs at once', () => {
    expect(planned.length).toBeGreaterThan(100);
    for (const t of technicians) {
      const jobs = onTeam(t.id).sort((a, b) => ms(a.scheduledStart) - ms(b.scheduledStart));
      for (let i = 1; i < jobs.length; i++)
        expect(
          ms(jobs[i].scheduledStart),
          `${String(t.lastName)}: ${String(jobs[i - 1].number)} and ${String(jobs[i].number)}`,
        ).toBeGreaterThanOrEqual(ms(jobs[i - 1].scheduledEnd));
    }
  });

  it('plans nobody during an absence', () => {
    expect(absences.length).toBeGreaterThanOrEqual(2);
    for (const absence of absences)
      for (const job of onTeam(String(absence.technicianId)))
        expect(
          ms(job.scheduledStart) < ms(absence.end) && ms(absence.start) < ms(job.scheduledEnd),
          `${String(job.number)} during an absence`,
        ).toBe(false);
  });

  it('keeps every job inside one working-hour line of each technician, unless the office gave a reason', () => {
    const byId = new Map(technicians.map((t) => [t.id, t]));
    for (const job of planned.filter((a) => !a.overrideReason)) {
      const start = wall(job.scheduledStart);
      const end = wall(job.scheduledEnd);
      for (const id of job.technicianIds as string[]) {
        const lines = (byId.get(id)!.workingHours ?? []) as Row[];
        if (lines.length === 0) continue;
        const inside = lines.some(
          (l) =>
            l.weekday === start.weekday &&
            start.day === end.day &&
            start.time >= String(l.startTime) &&
            end.time <= String(l.endTime),
        );
        expect(inside, `${String(job.number)} ${start.day} ${start.time}-${end.time}`).toBe(true);
      }
    }
  });

  it('has a certified technician on every F-gas job and every required skill on the team', async () => {
    const machines = new Map((await all('/wfm/api/machines')).map((m) => [m.id, m]));
    const skills = new Map((await all('/wfm/api/skills')).map((s) => [s.id, s]));
    const byId = new Map(technicians.map((t) => [t.id, t]));
    let fgasJobs = 0;
    for (const job of planned) {
      const { day } = wall(job.scheduledStart);
      const team = (job.technicianIds as string[]).map((id) => byId.get(id)!);
      const fgas =
        job.type === 'leakCheck' ||
        (FGAS_WORK.includes(String(job.type)) &&
          (job.machineIds as string[]).some((id) => machines.get(id)?.refrigerantIsFgas === true));
      if (fgas) {
        fgasJobs++;
        const certified = team.some((t) => t.fgasCertificateNumber && String(t.fgasCertificateExpiryDate) >= day);
        expect(certified, `${String(job.number)} without a certified technician`).toBe(true);
      }
      for (const skillId of (job.requiredSkillIds ?? []) as string[]) {
        const needsCertificate = skills.get(skillId)?.requiresCertificate === true;
        const held = team.some((t) =>
          ((t.skills ?? []) as Row[]).some(
            (line) =>
              line.skillId === skillId &&
              (!line.validUntil || String(line.validUntil) >= day) &&
              (!needsCertificate || !!line.certificateNumber),
          ),
        );
        expect(held, `${String(job.number)} lacks ${String(skills.get(skillId)?.name)}`).toBe(true);
      }
    }
    expect(fgasJobs).toBeGreaterThan(20);
    // Most technicians are certified, not all: the planner has to pair the others for F-gas work.
    const certified = technicians.filter(
      (t) => t.fgasCertificateNumber && String(t.fgasCertificateExpiryDate) >= todayInItaly(),
    );
    expect(certified.length).toBeGreaterThanOrEqual(technicians.length - 3);
    expect(certified.length).toBeLessThan(technicians.length);
  });
});

describe('the demo plan gives the planner work', () => {
  it('has work with no time yet, some without technicians', () => {
    const unscheduled = activities.filter((a) => a.status === 'assigned' && !a.scheduledStart);
    expect(unscheduled.length).toBeGreaterThanOrEqual(8);
    expect(unscheduled.some((a) => ((a.technicianIds as string[] | null) ?? []).length === 0)).toBe(true);
  });

  it('has drafts to send this fortnight and jobs changed after sending', () => {
    const horizon = Date.now() + 14 * 24 * 3600 * 1000;
    const drafts = planned.filter(
      (a) => a.status === 'assigned' && a.planState === 'draft' && ms(a.scheduledStart) < horizon,
    );
    expect(drafts.length).toBeGreaterThanOrEqual(5);
    const changed = drafts.filter((a) => a.publicationWarning === true);
    expect(changed.length).toBeGreaterThanOrEqual(2);
    for (const a of changed)
      expect(
        a.publishedStart !== a.scheduledStart ||
          JSON.stringify(a.publishedTechnicianIds) !== JSON.stringify(a.technicianIds),
      ).toBe(true);
  });

  it('has this week sent and every technician busy on the next working days', () => {
    const today = todayInItaly();
    const sentToday = planned.filter((a) => wall(a.scheduledStart).day === today && a.planState === 'published');
    expect(sentToday.length).toBeGreaterThanOrEqual(technicians.length);
    const nextWeek = Date.now() + 7 * 24 * 3600 * 1000;
    for (const t of technicians)
      expect(
        onTeam(t.id).filter((a) => ms(a.scheduledStart) > Date.now() && ms(a.scheduledStart) < nextWeek).length,
      ).toBeGreaterThan(0);
  });

  it('has a holiday of a few days and a training day', () => {
    const days = (a: Row) => Math.round((ms(a.end) - ms(a.start)) / (24 * 3600 * 1000));
    const holiday = absences.find((a) => a.kind === 'holiday')!;
    expect(days(holiday)).toBeGreaterThanOrEqual(2);
    expect(absences.filter((a) => a.kind === 'training').map(days)).toContain(1);
  });

  it('puts technicians in teams and zones the list filters by', async () => {
    const north = await all(`/wfm/api/technicians?${filter(['team', 'eq', 'Squadra Nord'])}`);
    expect(north.length).toBeGreaterThan(0);
    expect(north.length).toBeLessThan(technicians.length);
    expect(north.every((t) => t.team === 'Squadra Nord')).toBe(true);
    const sites = await all(`/sales/api/sites?${filter(['zone', 'eq', 'Milano e hinterland'])}`);
    const milan = await all(`/wfm/api/technicians?${filter(['zone', 'eq', 'Milano e hinterland'])}`);
    expect(milan.length).toBeGreaterThan(0);
    expect(sites.length).toBeGreaterThan(0);
  });
});
