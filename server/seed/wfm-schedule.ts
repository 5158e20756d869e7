import { Calendar, type CrewMember, type Needs } from './wfm-calendar';
import { ACTIVITY_KINDS, CATEGORY_SKILLS, DURATIONS } from './wfm-data';
import {
  addDays,
  ageOf,
  clock,
  historyDay,
  isWeekend,
  nextWorkingDay,
  outcomeOf,
  romeDate,
  romeInstant,
  weekStart,
  workingDays,
  type Outcome,
  type Slot,
} from './wfm-plan';
import type { SeededMachine, SeedWorld } from './wfm-activities';

/**
 * The demo's plan: the register's history, the technicians' fixed day, a full fortnight (this week and next)
 * for every technician, scattered jobs over the past three and next two months, and the absences that keep
 * some technicians off it (docs/domain.md#absences). Every job gets a team and a time from the calendar
 * (wfm-calendar.ts), so the planning checks find nothing to refuse.
 */

export type Kind = (typeof ACTIVITY_KINDS)[number];

export interface Job {
  kind: Kind;
  machines: SeededMachine[];
  needs: Needs;
  minutes: number;
  team: CrewMember[];
  slot: Slot;
  /** A job of the technicians' day (wfm-plan.ts workingDays): it carries a checklist item to tick. */
  fixed: boolean;
  /** Why a job outside working hours is accepted (the technicians' day on a weekend: on call). */
  overrideReason?: string;
  /** Sent, then changed by the office: what the technicians were sent (docs/domain.md#publishing). */
  sent?: { technicianIds: string[]; start: string; end: string };
}

export interface Absence {
  technician: CrewMember;
  kind: 'holiday' | 'sickness' | 'training';
  start: string;
  end: string;
  notes: string;
}

/** Types whose work on an F-gas machine needs a certified technician (docs/domain.md#planning-checks). */
const FGAS_WORK = new Set(['installation', 'repair', 'decommissioning', 'maintenance']);
const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)];
const kindOf = (type: string) => ACTIVITY_KINDS.find((k) => k.type === type)!;

function weightedKind(next: () => number): Kind {
  const total = ACTIVITY_KINDS.reduce((sum, k) => sum + k.weight, 0);
  let at = next() * total;
  for (const kind of ACTIVITY_KINDS) if ((at -= kind.weight) < 0) return kind;
  return ACTIVITY_KINDS[0];
}

function shuffled<T>(next: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Whole days in Italy, from 00:00 of `from` to 24:00 of `to`. */
const days = (from: string, to: string) => ({ start: romeInstant(from, 0), end: romeInstant(addDays(to, 1), 0) });

export class Planner {
  readonly calendar: Calendar;
  readonly jobs: Job[] = [];
  readonly absences: Absence[] = [];
  private readonly bySite = new Map<string, SeededMachine[]>();
  private readonly byZone = new Map<string, string[]>();
  readonly sites: string[];
  private readonly today: string;
  readonly tomorrow: string;
  private readonly monday: string;

  constructor(private readonly world: SeedWorld) {
    this.calendar = new Calendar(world.technicians);
    for (const m of world.machines) this.bySite.set(m.siteId, [...(this.bySite.get(m.siteId) ?? []), m]);
    this.sites = [...this.bySite.keys()];
    for (const site of this.sites) {
      const zone = this.bySite.get(site)![0].siteZone ?? '';
      this.byZone.set(zone, [...(this.byZone.get(zone) ?? []), site]);
    }
    this.today = romeDate(world.now);
    this.tomorrow = addDays(this.today, 1);
    this.monday = weekStart(this.today);
  }

  private get next() {
    return this.world.next;
  }

  /** The machines a job of a kind works on at a site, and what it asks of the team; undefined when none fit. */
  job(kind: Kind, siteId: string, options: { fgasMachines?: boolean; categorySkill?: boolean } = {}) {
    const siteMachines = this.bySite.get(siteId)!.filter((m) => m.status === 'active' || kind.type === 'repair');
    if (siteMachines.length === 0) return undefined;
    const fgasMachines = siteMachines.filter((m) => m.isFgas);
    const machines =
      (kind.type === 'leakCheck' || options.fgasMachines) && fgasMachines.length > 0
        ? fgasMachines
        : siteMachines.slice(0, 1 + Math.floor(this.next() * siteMachines.length));
    const fgas = kind.type === 'leakCheck' || (FGAS_WORK.has(kind.type) && machines.some((m) => m.isFgas));
    const fgasSkill = this.world.skills.get('F-gas cat. I');
    const category = CATEGORY_SKILLS[machines[0].category];
    const categorySkill =
      options.categorySkill !== false && (kind.type === 'repair' || kind.type === 'installation') && category
        ? this.world.skills.get(category)
        : undefined;
    const skillIds = [...(fgas && fgasSkill ? [fgasSkill] : []), ...(categorySkill ? [categorySkill] : [])];
    return { machines, needs: { skillIds, fgas } satisfies Needs };
  }

  private slot(start: string, end: string, day: string, from: string, to: string, published: boolean, outcome?: Outcome): Slot {
    return { start, end, day, from, to, published, outcome: outcome ?? outcomeOf(this.next, ageOf(this.world.now, end)) };
  } // prettier-ignore

  /** Holidays, a training day and a past sickness, before anything is planned around them. */
  planAbsences(): void {
    const crew = this.world.technicians;
    const nextMonday = addDays(this.monday, 7);
    const away = (i: number, kind: Absence['kind'], from: string, to: string, notes: string) => {
      const technician = crew[i];
      if (!technician) return;
      const { start, end } = days(from, to);
      this.calendar.book([technician.id], start, end, null);
      this.absences.push({ technician, kind, start, end, notes });
    };
    away(1, 'holiday', addDays(nextMonday, 1), addDays(nextMonday, 3), 'Ferie approvate.');
    away(5, 'training', addDays(nextMonday, 4), addDays(nextMonday, 4), 'Corso di rinnovo del patentino F-gas.');
    away(7, 'sickness', addDays(this.monday, -4), addDays(this.monday, -3), 'Malattia.');
  }

  /** The technicians' fixed day (tests and the README's screenshot rely on it), on F-gas sites. */
  planFixedDay(): void {
    const crew = this.world.technicians;
    const tecnico = crew.find((t) => t.username === 'tecnico');
    const ordered = tecnico ? [tecnico, ...crew.filter((t) => t !== tecnico)] : crew;
    const fgasSites = this.sites.filter((siteId) =>
      this.bySite.get(siteId)!.some((m) => m.status === 'active' && m.isFgas && m.interval !== null),
    );
    if (fgasSites.length === 0) return;
    const dayKinds = ['maintenance', 'leakCheck', 'repair'].map(kindOf);
    for (const [i, { lead, day, from, to, published }] of workingDays(this.world.now, ordered).entries()) {
      const siteId = fgasSites[(i * 7) % fgasSites.length];
      let planned = this.job(dayKinds[i % dayKinds.length], siteId, { fgasMachines: true, categorySkill: false });
      let kind = dayKinds[i % dayKinds.length];
      // A technician without a valid certificate does the day's inspection instead of the F-gas work.
      if (planned && !this.calendar.qualified([lead], planned.needs, day)) {
        kind = kindOf('inspection');
        planned = this.job(kind, siteId, { fgasMachines: true, categorySkill: false });
      }
      if (!planned) continue;
      const start = romeInstant(day, from);
      const end = romeInstant(day, to);
      if (!this.calendar.free(lead.id, Date.parse(start), Date.parse(end))) continue;
      this.calendar.book([lead.id], start, end, day);
      const slot = this.slot(start, end, day, clock(from), clock(to), published, 'assigned');
      this.jobs.push({
        kind,
        ...planned,
        minutes: to - from,
        team: [lead],
        slot,
        fixed: true,
        ...(isWeekend(day) ? { overrideReason: 'Reperibilità del fine settimana concordata con il cliente.' } : {}),
      });
    }
  }

  /** The last periodic leak check of most sites' F-gas machines, months ago. */
  planHistory(): void {
    for (const siteId of this.sites) {
      const intervals = this.bySite
        .get(siteId)!
        .filter((m) => m.status === 'active' && m.interval !== null)
        .map((m) => m.interval!);
      if (intervals.length === 0 || this.next() >= 0.7) continue;
      const day = historyDay(this.world.now, Math.min(...intervals), this.next);
      const kind = kindOf('leakCheck');
      const planned = day ? this.job(kind, siteId) : undefined;
      if (!day || !planned) continue;
      this.add(kind, planned, shuffled(this.next, this.world.technicians), day, 120, true, 'closed', false);
    }
  }

  /**
   * This week and next for every technician: three to five jobs a day (some days lighter), mostly in their
   * zone. This week's are sent; next week's mostly drafts, so the planner has something to send.
   */
  planFortnight(scale: number): void {
    const nextMonday = addDays(this.monday, 7);
    for (let d = 0; d < 12; d++) {
      const day = addDays(this.monday, d);
      if (isWeekend(day)) continue;
      for (const technician of this.world.technicians) {
        const full = this.next() < 0.2 ? 1 + Math.floor(this.next() * 2) : 3 + Math.floor(this.next() * 3);
        const target = Math.max(1, Math.round(full * Math.min(scale, 1)));
        for (let tries = 0; this.calendar.load(technician.id, day) < target && tries < 3 * target + 2; tries++) {
          const kind = weightedKind(this.next);
          const local = this.byZone.get(technician.zone);
          const siteId = local && this.next() < 0.7 ? pick(this.next, local) : pick(this.next, this.sites);
          const planned = this.job(kind, siteId);
          if (!planned) continue;
          const published = day < nextMonday || day <= this.tomorrow || this.next() < 0.15;
          const minutes = pick(this.next, DURATIONS[kind.type]);
          this.add(kind, planned, [technician], day, minutes, published, undefined, true);
        }
      }
    }
    this.changeAfterSending(nextMonday);
  }

  /**
   * Two or three of next week's jobs changed after they were sent: one moved to another day, one given to
   * another technician, one moved within its day (what the planner's sending lists as moved, new and removed).
   */
  private changeAfterSending(nextMonday: string): void {
    const candidates = this.jobs
      .filter((j) => !j.fixed && j.slot.day >= nextMonday && j.slot.outcome === 'assigned' && j.team.length === 1)
      .sort((a, b) => a.slot.start.localeCompare(b.slot.start));
    const used = new Set<string>();
    let changes = 0;
    for (const job of candidates) {
      if (changes === 3) break;
      const [technician] = job.team;
      if (used.has(technician.id)) continue;
      used.add(technician.id);
      const hour = 3_600_000;
      const other = this.world.technicians.find((t) => t !== technician && !used.has(t.id));
      job.slot.published = true;
      job.sent =
        changes === 1 && other
          ? { technicianIds: [other.id], start: job.slot.start, end: job.slot.end }
          : {
              technicianIds: [technician.id],
              start: new Date(Date.parse(job.slot.start) - (changes === 0 ? 24 : 2) * hour).toISOString(),
              end: new Date(Date.parse(job.slot.end) - (changes === 0 ? 24 : 2) * hour).toISOString(),
            };
      changes++;
    }
  }

  /** `count` jobs on working days over the past three months and the next two, outside the fortnight. */
  planScattered(count: number): void {
    const fortnightEnd = addDays(this.monday, 12);
    const choices: string[] = [];
    for (let d = -91; d <= 61; d++) {
      const day = addDays(this.today, d);
      if (!isWeekend(day) && (day < this.monday || day >= fortnightEnd)) choices.push(day);
    }
    const tecnico = this.world.technicians.find((t) => t.username === 'tecnico');
    for (let i = 0; i < count; i++) {
      const day = pick(this.next, choices);
      const kind = weightedKind(this.next);
      const planned = this.job(kind, pick(this.next, this.sites));
      if (!planned) continue;
      const crew = shuffled(this.next, this.world.technicians);
      const leads = tecnico && this.next() < 0.22 ? [tecnico, ...crew.filter((t) => t !== tecnico)] : crew;
      const future = day > this.today;
      const published = !future || this.next() < 0.3;
      this.add(kind, planned, leads, day, pick(this.next, DURATIONS[kind.type]), published, undefined, false, 0.2);
    }
  }

  private add(
    kind: Kind,
    planned: NonNullable<ReturnType<Planner['job']>>,
    leads: readonly CrewMember[],
    day: string,
    minutes: number,
    published: boolean,
    outcome: Outcome | undefined,
    pack: boolean,
    pair = 0.15,
  ): void {
    const placed = this.calendar.place(leads, planned.needs, day, minutes, { next: this.next, pair, pack });
    if (!placed) return;
    const slot = this.slot(placed.start, placed.end, day, placed.from, placed.to, published, outcome);
    this.jobs.push({ kind, ...planned, minutes, team: placed.team, slot, fixed: false });
  }

  /** Work still to plan: no time yet, most without technicians, a few with the one the office has in mind. */
  unscheduled(): { kind: Kind; machines: SeededMachine[]; needs: Needs; minutes: number; team: CrewMember[] }[] {
    const out = [];
    const count = 8 + Math.floor(this.next() * 5);
    for (let i = 0; i < count; i++) {
      const kind = kindOf(pick(this.next, ['repair', 'repair', 'maintenance', 'survey', 'installation', 'inspection']));
      const planned = this.job(kind, pick(this.next, this.sites));
      if (!planned) continue;
      const minutes = pick(this.next, DURATIONS[kind.type]);
      const day = nextWorkingDay(this.today);
      const fit = this.world.technicians.find((t) => this.calendar.qualified([t], planned.needs, day));
      out.push({ kind, ...planned, minutes, team: i % 3 === 0 && fit ? [fit] : [] });
    }
    return out;
  }
}
