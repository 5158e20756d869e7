/**
 * The job's time as the technician sees it (docs/spa.md#the-job-screen): the entries the time actions
 * write (startWork, pauseWork, stopWork), the minutes worked, and the completion's prefilled interval.
 * Pure functions of the record and the clock, so they are unit-tested.
 */

export interface TimeEntry {
  technicianId?: string | null;
  start: string;
  end?: string | null;
}

const ms = (value: string) => new Date(value).getTime();

/** The entries of a record, well-formed ones only (an unreadable one counts for nothing). */
export function timeEntries(value: unknown): TimeEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (e): e is TimeEntry => !!e && typeof e === 'object' && typeof e.start === 'string' && !Number.isNaN(ms(e.start)),
  );
}

/** Whole minutes worked: closed entries, plus the open one up to `now` (the server counts closed ones only). */
export function minutesWorked(entries: readonly TimeEntry[], now: Date): number {
  let total = 0;
  for (const entry of entries) {
    const end = entry.end ? ms(entry.end) : now.getTime();
    if (end > ms(entry.start)) total += end - ms(entry.start);
  }
  return Math.floor(total / 60_000);
}

/** "2 h 05 min", "45 min". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

const MINUTE = 60_000;

/**
 * The completion's actual start and end: the first entry's start and the last one's end (now while one
 * is open); without entries the record's own actual times, else the planned start, else now. In whole
 * minutes, as the inputs show them, rounded down (an end in the future is refused), the start at least
 * a minute before the end (the service wants the end later).
 */
export function completionInterval(record: Record<string, unknown>, now: Date): { start: Date; end: Date } {
  const entries = timeEntries(record.timeEntries);
  const date = (value: unknown) => (typeof value === 'string' && value ? new Date(value).getTime() : undefined);
  let start: number;
  let end: number;
  if (entries.length > 0) {
    start = Math.min(...entries.map((e) => ms(e.start)));
    end = Math.max(...entries.map((e) => (e.end ? ms(e.end) : now.getTime())));
  } else {
    start = date(record.actualStart) ?? date(record.scheduledStart) ?? now.getTime();
    end = date(record.actualEnd) ?? now.getTime();
  }
  end = Math.floor(end / MINUTE) * MINUTE;
  start = Math.min(Math.floor(start / MINUTE) * MINUTE, end - MINUTE);
  return { start: new Date(start), end: new Date(end) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as an <input type="datetime-local"> value, in the browser's time zone. */
export function toLocalInput(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** A datetime-local value as an instant on the wire; null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
