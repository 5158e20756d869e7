import { Calendar, type Messages, type View } from 'react-big-calendar';
import dragAndDropAddon, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { PlannerTechnician, QueueItem } from './api';
import { fillOf, isUnsent, type AbsenceEvent, type ColourBy, type JobEvent, type PlannerView } from './events';
import { cultureOf, plannerLocalizer } from './localizer';

// The addon is CommonJS only: the production bundle hands its exports object as the default import, the dev
// server its function; either way this is the function.
const withDragAndDrop: typeof dragAndDropAddon =
  typeof dragAndDropAddon === 'function'
    ? dragAndDropAddon
    : (dragAndDropAddon as unknown as { default: typeof dragAndDropAddon }).default;

const DnDCalendar = withDragAndDrop<JobEvent | AbsenceEvent, PlannerTechnician>(Calendar);

const MESSAGE_KEYS = [
  'date',
  'time',
  'event',
  'allDay',
  'week',
  'work_week',
  'day',
  'month',
  'previous',
  'next',
  'yesterday',
  'tomorrow',
  'today',
  'agenda',
  'noEventsInRange',
] as const;

// The visible hours: the office plans daytime work; earlier or later slots are still reachable by scrolling.
const MIN = new Date(1970, 0, 1, 6, 0);
const MAX = new Date(1970, 0, 1, 22, 0);

/**
 * The calendar (react-big-calendar with its drag-and-drop addon): one column per technician, jobs as events coloured
 * by status or type with the technician's colour as an accent, unsent ones dashed, changed-since-sent ones marked,
 * absences as background events.
 */
export function PlannerCalendar({
  view,
  date,
  locale,
  technicians,
  jobs,
  absences,
  colourBy,
  dragged,
  onView,
  onNavigate,
  onMove,
  onDropQueued,
  onOpen,
}: {
  view: PlannerView;
  date: Date;
  locale: string;
  technicians: readonly PlannerTechnician[];
  jobs: JobEvent[];
  absences: AbsenceEvent[];
  colourBy: ColourBy;
  dragged: QueueItem | null;
  onView: (view: PlannerView) => void;
  onNavigate: (date: Date) => void;
  onMove: (event: JobEvent, start: Date, end: Date, technicianId: string) => void;
  onDropQueued: (start: Date, technicianId: string) => void;
  onOpen: (event: JobEvent) => void;
}) {
  const translate = useTranslate();
  const messages = useMemo(() => {
    const out: Messages = { showMore: (count: number) => translate('planner.calendar.showMore', { count }) };
    for (const key of MESSAGE_KEYS) (out as Record<string, unknown>)[key] = translate(`planner.calendar.${key}`);
    return out;
  }, [translate]);
  const colours = new Map(technicians.map((t) => [t.id, t.color]));
  const moved = ({ event, start, end, resourceId }: EventInteractionArgs<JobEvent | AbsenceEvent>) => {
    if (event.kind !== 'job') return;
    onMove(event, new Date(start), new Date(end), String(resourceId ?? event.resourceId));
  };
  return (
    <DnDCalendar
      localizer={plannerLocalizer}
      culture={cultureOf(locale)}
      messages={messages}
      events={jobs}
      backgroundEvents={absences}
      resources={[...technicians]}
      resourceIdAccessor={(t) => t.id}
      resourceTitleAccessor={(t) => t.name}
      resourceAccessor={(e) => e.resourceId}
      resourceGroupingLayout={view !== 'day'}
      views={['day', 'work_week', 'week']}
      view={view}
      onView={(next: View) => onView(next as PlannerView)}
      date={date}
      onNavigate={onNavigate}
      min={MIN}
      max={MAX}
      step={30}
      timeslots={2}
      formats={{
        timeGutterFormat: 'HH:mm',
        eventTimeRangeFormat: ({ start, end }, culture, l) =>
          `${l!.format(start, 'HH:mm', culture)}–${l!.format(end, 'HH:mm', culture)}`,
      }}
      draggableAccessor={(e) => e.kind === 'job' && e.activity.status === 'assigned'}
      resizableAccessor={(e) => e.kind === 'job' && e.activity.status === 'assigned'}
      resizable
      onEventDrop={moved}
      onEventResize={moved}
      onDragOver={(event) => {
        if (dragged) event.preventDefault();
      }}
      dragFromOutsideItem={() =>
        dragged
          ? ({
              kind: 'job',
              id: `queued:${dragged.id}`,
              activity: dragged,
              resourceId: '',
              title: dragged.title,
              start: new Date(),
              end: new Date(Date.now() + (dragged.estimatedMinutes ?? 60) * 60_000),
            } satisfies JobEvent)
          : (null as never)
      }
      onDropFromOutside={({ start, resource }) => {
        if (resource !== undefined) onDropQueued(new Date(start), String(resource));
      }}
      onSelectEvent={(event) => {
        if (event.kind === 'job') onOpen(event);
      }}
      tooltipAccessor={(e) =>
        e.kind === 'job'
          ? `${e.title}${isUnsent(e.activity) ? ` (${translate(e.activity.publicationWarning ? 'planner.changed' : 'planner.draft')})` : ''}`
          : e.title
      }
      titleAccessor={(e) =>
        e.kind === 'job' && isUnsent(e.activity) ? `${e.activity.publicationWarning ? '⚠ ' : '✎ '}${e.title}` : e.title
      }
      eventPropGetter={(event) => {
        if (event.kind === 'absence')
          return {
            className: 'planner-absence',
            style: { backgroundColor: '#eceff1', color: '#37474f', border: '1px solid #b0bec5' },
          };
        const unsent = isUnsent(event.activity);
        return {
          className: unsent ? 'planner-unsent' : 'planner-sent',
          style: {
            backgroundColor: fillOf(event.activity, colourBy),
            color: '#fff',
            borderLeft: `6px solid ${colours.get(event.resourceId) ?? '#000'}`,
            ...(unsent
              ? { outline: `2px dashed ${event.activity.publicationWarning ? '#ff6f00' : '#fff'}`, outlineOffset: -3 }
              : {}),
          },
        };
      }}
      style={{ height: '75vh' }}
    />
  );
}
