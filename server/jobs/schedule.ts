/**
 * When a job runs: every so many seconds, or every day at a wall-clock time of a time zone (the
 * Italian one by default, so "07:00" stays 07:00 across daylight saving changes).
 */
export type Schedule = { every: number } | { dailyAt: string; timeZone?: string };

export const DEFAULT_TIME_ZONE = 'Europe/Rome';
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Throws on a schedule that could never run, so a bad registration fails at start-up. */
export function checkSchedule(schedule: Schedule): void {
  if ('every' in schedule) {
    if (!Number.isInteger(schedule.every) || schedule.every < 1)
      throw new Error(`A job interval must be a whole number of seconds, at least 1 (got ${schedule.every})`);
    return;
  }
  if (!HH_MM.test(schedule.dailyAt)) throw new Error(`dailyAt must be HH:MM (got ${schedule.dailyAt})`);
  // Throws a RangeError on an unknown zone.
  new Intl.DateTimeFormat('en', { timeZone: schedule.timeZone ?? DEFAULT_TIME_ZONE });
}

/** A readable, stable form: stored with the job, so a changed schedule is noticed and applied. */
export function describeSchedule(schedule: Schedule): string {
  return 'every' in schedule
    ? `every ${schedule.every}s`
    : `daily at ${schedule.dailyAt} ${schedule.timeZone ?? DEFAULT_TIME_ZONE}`;
}

/** The first occurrence strictly after `after`. */
export function nextOccurrence(schedule: Schedule, after: Date): Date {
  if ('every' in schedule) return new Date(after.getTime() + schedule.every * 1000);
  const zone = schedule.timeZone ?? DEFAULT_TIME_ZONE;
  const [hours, minutes] = schedule.dailyAt.split(':').map(Number);
  const today = wallClock(after.getTime(), zone);
  for (let day = 0; day <= 2; day++) {
    const wanted = Date.UTC(today.year, today.month - 1, today.day + day, hours, minutes);
    const at = fromWallClock(wanted, zone);
    if (at > after.getTime()) return new Date(at);
  }
  // Unreachable: some day among the next three has that time after `after`.
  throw new Error(`No next occurrence for ${describeSchedule(schedule)}`);
}

interface WallClock {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, format);
  }
  return format;
}

function parts(instant: number, zone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(instant)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out;
}

function wallClock(instant: number, zone: string): WallClock {
  const p = parts(instant, zone);
  return { year: p.year, month: p.month, day: p.day };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function offset(instant: number, zone: string): number {
  const p = parts(instant, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the zone's clock shows `wall` (given as if it were UTC). A time repeated when
 * the clocks go back resolves to its first occurrence; one skipped when they go forward, to the
 * same time an hour later.
 */
function fromWallClock(wall: number, zone: string): number {
  const halfDay = 12 * 3600 * 1000;
  // The zone's offsets half a day either side cover both sides of any daylight-saving change.
  const candidates = [wall - offset(wall - halfDay, zone), wall - offset(wall + halfDay, zone)];
  const valid = candidates.filter((instant) => instant + offset(instant, zone) === wall);
  return valid.length > 0 ? Math.min(...valid) : candidates[0];
}
