import { WEEKDAYS } from '../../../../resources/wfm/technicians';

/**
 * An instant as a wall clock in Italy: working hours, absences and certificate validity are Italian days
 * and times (docs/domain.md#planning-checks), whatever the machine's time zone.
 */
export interface RomeWallClock {
  /** `YYYY-MM-DD` */
  day: string;
  weekday: (typeof WEEKDAYS)[number];
  /** `HH:MM` */
  time: string;
  /** Seconds since the Italian midnight of `day` (a start at 08:00:30 is after 08:00). */
  seconds: number;
}

const FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function romeWallClock(instant: string): RomeWallClock {
  const parts = Object.fromEntries(FORMAT.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const [hour, minute, second] = [Number(parts.hour), Number(parts.minute), Number(parts.second)];
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: parts.weekday.toLowerCase().slice(0, 3) as RomeWallClock['weekday'],
    time: `${parts.hour}:${parts.minute}`,
    seconds: hour * 3600 + minute * 60 + second,
  };
}

/** `HH:MM` as seconds since midnight. */
export function secondsOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 3600 + minutes * 60;
}

/** A day as people read it in messages: 02/03/2026 in both languages (the English catalogue is British). */
export function readableDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** An instant as day and time in Italy, for a span that may cross days (an absence). */
export function readableInstant(instant: string): string {
  const clock = romeWallClock(instant);
  return `${readableDay(clock.day)} ${clock.time}`;
}
