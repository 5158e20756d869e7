import { translate, type Lang } from '../../../http/lang';
import { romeWallClock, secondsOf } from './rome-time';

/** One line of a technician's weekly schedule (resources/wfm/technicians.ts `workingHours`). */
export interface WorkingHoursLine {
  weekday?: string | null;
  startTime?: string | null;
  endTime?: string | null;
}

/**
 * Whether a slot falls outside a technician's working hours (docs/domain.md#planning-checks): with a schedule,
 * the slot lies within one interval of its Italian weekday, start and end on the same Italian day. A
 * technician without a schedule is not constrained. Undefined when the slot fits; otherwise the message's
 * params: the weekday and that day's intervals ("08:00–12:00, 13:00–17:00"), or that they do not work then.
 */
export function outsideWorkingHours(
  lines: readonly WorkingHoursLine[],
  scheduledStart: string,
  scheduledEnd: string,
  lang: Lang,
): { weekday: string; hours: string } | undefined {
  const usable = lines.filter((line) => line.weekday && line.startTime && line.endTime);
  if (usable.length === 0) return undefined;
  const start = romeWallClock(scheduledStart);
  const end = romeWallClock(scheduledEnd);
  const today = usable
    .filter((line) => line.weekday === start.weekday)
    .sort((a, b) => String(a.startTime).localeCompare(String(b.startTime)));
  const fits =
    start.day === end.day &&
    today.some((line) => start.seconds >= secondsOf(line.startTime!) && end.seconds <= secondsOf(line.endTime!));
  if (fits) return undefined;
  return {
    weekday: translate(lang, `resources.wfm/technicians.lines.workingHours.enums.weekday.${start.weekday}`),
    hours:
      today.length > 0
        ? today.map((line) => `${line.startTime}–${line.endTime}`).join(', ')
        : translate(lang, 'validation.wfm.planning.dayOff'),
  };
}
