import { clock, romeInstant } from './wfm-plan';

/**
 * The demo technicians' calendars while the seed plans: who is busy or away when, and who may do a job.
 * The rules are the planning checks' (docs/domain.md#planning-checks): no two jobs of a technician overlap,
 * none during an absence, each inside one of the technician's working-hour lines, the required skills held
 * (valid on the day) by someone on the team, and an F-gas job with a certified technician. The seed's plan
 * honours them by construction, so the checks never refuse it.
 */

export const WORKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
/** Every demo technician's day: a morning and an afternoon with a lunch break. */
export const WORKING_LINES = [
  { startTime: '08:00', endTime: '12:30' },
  { startTime: '13:30', endTime: '17:00' },
] as const;

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const LINES = WORKING_LINES.map((line) => [toMinutes(line.startTime), toMinutes(line.endTime)] as const);
const MINUTE = 60_000;
/** Time to drive between two jobs: the seed leaves it free so the plan looks doable. */
const TRAVEL = 30 * MINUTE;

export interface CrewMember {
  id: string;
  name: string;
  username: string | null;
  van: string | null;
  team: string;
  zone: string;
  /** The skills the planning checks count (certified where the skill needs it): id to last valid day. */
  skills: Map<string, string | null>;
  /** The F-gas certificate's validity, when the technician holds one. */
  fgas: { from: string; to: string } | null;
}

/** What a job asks of its team. */
export interface Needs {
  skillIds: string[];
  fgas: boolean;
}

export interface Placement {
  team: CrewMember[];
  start: string;
  end: string;
  from: string;
  to: string;
}

/** An F-gas certificate valid on a day (the register's records need it from the issue date too). */
export const certified = (t: CrewMember, day: string) => t.fgas !== null && t.fgas.from <= day && t.fgas.to >= day;

export class Calendar {
  /** Per technician: [start, end, padded] in ms; jobs are padded by travel time, absences are not. */
  private readonly busy = new Map<string, [number, number, boolean][]>();
  private readonly loads = new Map<string, number>();

  constructor(readonly crew: readonly CrewMember[]) {}

  /** Whether the technician has nothing in [start, end) (nor within travel time of another job). */
  free(technicianId: string, start: number, end: number): boolean {
    return (this.busy.get(technicianId) ?? []).every(([s, e, padded]) => {
      const pad = padded ? TRAVEL : 0;
      return !(start < e + pad && s < end + pad);
    });
  }

  /** Books a job (`padded`) or an absence for each technician. */
  book(technicianIds: readonly string[], start: string, end: string, day: string | null): void {
    for (const id of technicianIds) {
      const list = this.busy.get(id) ?? [];
      list.push([Date.parse(start), Date.parse(end), day !== null]);
      this.busy.set(id, list);
      if (day !== null) this.loads.set(`${id}|${day}`, this.load(id, day) + 1);
    }
  }

  /** How many jobs a technician has on a day. */
  load(technicianId: string, day: string): number {
    return this.loads.get(`${technicianId}|${day}`) ?? 0;
  }

  /** Whether a team can do a job on a day: each required skill held by one of them, a certificate for F-gas work. */
  qualified(team: readonly CrewMember[], needs: Needs, day: string): boolean {
    const skilled = needs.skillIds.every((id) =>
      team.some((t) => t.skills.has(id) && (t.skills.get(id) ?? day) >= day),
    );
    return skilled && (!needs.fgas || team.some((t) => certified(t, day)));
  }

  /**
   * The starts on the half hour at which the whole team is free for `minutes` inside one working line of
   * `day` (Monday to Friday, checked by the caller): the earliest first.
   */
  starts(team: readonly CrewMember[], day: string, minutes: number): { start: string; end: string; from: number }[] {
    // Wall-clock minutes from 08:00 on: no clock change happens during working hours.
    const eight = Date.parse(romeInstant(day, 8 * 60));
    const at = (m: number) => eight + (m - 8 * 60) * MINUTE;
    const out: { start: string; end: string; from: number }[] = [];
    for (const [low, high] of LINES)
      for (let m = low; m + minutes <= high; m += 30)
        if (team.every((t) => this.free(t.id, at(m), at(m + minutes))))
          out.push({ start: new Date(at(m)).toISOString(), end: new Date(at(m + minutes)).toISOString(), from: m });
    return out;
  }

  /**
   * A team and a time for a job on `day`: the first of `leads` qualified alone and free (now and then with a
   * colleague, `pair` of the time), else with the first colleague who completes what they lack. A certified
   * technician comes first when the job is F-gas work: the lead signs the register. `pack` takes the earliest
   * free time (a full day), otherwise a random one. Books it; undefined when nobody fits.
   */
  place(
    leads: readonly CrewMember[],
    needs: Needs,
    day: string,
    minutes: number,
    options: { next: () => number; pair: number; pack: boolean },
  ): Placement | undefined {
    const choose = (team: CrewMember[]) => {
      const starts = this.starts(team, day, minutes);
      if (starts.length === 0) return undefined;
      return options.pack ? starts[0] : starts[Math.floor(options.next() * starts.length)];
    };
    for (const lead of leads) {
      let team: CrewMember[] | undefined;
      let at: ReturnType<typeof choose>;
      if (this.qualified([lead], needs, day)) {
        team = [lead];
        at = choose(team);
        if (at && options.next() < options.pair) {
          const { start, end } = at;
          const mate = this.crew.find((t) => t !== lead && this.free(t.id, Date.parse(start), Date.parse(end)));
          if (mate) team = [lead, mate];
        }
      } else {
        for (const mate of this.crew) {
          if (mate === lead || !this.qualified([lead, mate], needs, day)) continue;
          at = choose([lead, mate]);
          if (at) {
            team = needs.fgas && !certified(lead, day) ? [mate, lead] : [lead, mate];
            break;
          }
        }
      }
      if (!team || !at) continue;
      this.book(
        team.map((t) => t.id),
        at.start,
        at.end,
        day,
      );
      return { team, start: at.start, end: at.end, from: clock(at.from), to: clock(at.from + minutes) };
    }
    return undefined;
  }
}
