import { Alert, Box, Button, Skeleton, Stack } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { fetchQueue, fetchWindow, type QueueItem } from './api';
import {
  absenceEvents,
  choicesOf,
  jobEvents,
  matchingTechnicians,
  rangeOf,
  reassigned,
  slotFromDrop,
  type ColourBy,
  type PlannerView,
  type TechnicianFilters,
} from './events';
import { OverrideDialog } from './OverrideDialog';
import { PlannerCalendar } from './PlannerCalendar';
import { PlannerFilters } from './PlannerFilters';
import { PlannerQueue } from './PlannerQueue';
import { SendDialog } from './SendDialog';
import { refusalOf, useMove } from './useMove';

/**
 * The planner at /wfm/planner (docs/spa.md#the-planner): technicians as columns, one window fetch per view or
 * date, the queue of unscheduled work beside it, moves checked before they are saved, and "Invia" to send the
 * visible period's changes to the technicians.
 */
export default function PlannerScreen() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const [view, setView] = useState<PlannerView>('day');
  const [params] = useSearchParams();
  // `?date=YYYY-MM-DD` opens the planner on that day (a link from elsewhere, the e2e test); today otherwise.
  const [date, setDate] = useState(() => dayOf(params.get('date')) ?? new Date());
  const [filters, setFilters] = useState<TechnicianFilters>({});
  const [colourBy, setColourBy] = useState<ColourBy>('status');
  const [search, setSearch] = useState('');
  const [dragged, setDragged] = useState<QueueItem | null>(null);
  const [sending, setSending] = useState(false);
  const q = useDeferredValue(search.trim());
  const range = useMemo(() => rangeOf(view, date), [view, date]);

  const window = useQuery({
    queryKey: ['wfm/planning', 'window', range.from.toISOString(), range.to.toISOString()],
    queryFn: ({ signal }) => fetchWindow(range.from, range.to, signal),
    placeholderData: keepPreviousData,
  });
  const queue = useQuery({
    queryKey: ['wfm/planning', 'queue', filters.zone, filters.skillId, q],
    queryFn: ({ signal }) => fetchQueue({ zone: filters.zone, skillId: filters.skillId, q: q || undefined }, signal),
    placeholderData: keepPreviousData,
  });
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['wfm/planning'] });
  }, [queryClient]);
  const { move, override, confirmOverride, cancelOverride } = useMove(reload);

  const data = window.data;
  const technicians = useMemo(() => matchingTechnicians(data?.technicians ?? [], filters), [data, filters]);
  const shown = useMemo(() => new Set(technicians.map((t) => t.id)), [technicians]);
  const jobs = useMemo(() => jobEvents(data?.activities ?? [], shown), [data, shown]);
  const absences = useMemo(
    () =>
      absenceEvents(data?.absences ?? [], shown, (absence) =>
        translate('planner.absent', { kind: translate(`resources.wfm/absences.enums.kind.${absence.kind}`) }),
      ),
    [data, shown, translate],
  );

  return (
    <Box sx={{ p: 2, minWidth: 0, maxWidth: '100%' }}>
      <Title title={translate('planner.title')} />
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <PlannerFilters
          teams={choicesOf((data?.technicians ?? []).map((t) => t.team))}
          zones={choicesOf((data?.technicians ?? []).map((t) => t.zone))}
          filters={filters}
          onFilters={setFilters}
          colourBy={colourBy}
          onColourBy={setColourBy}
        />
        <Button variant="contained" onClick={() => setSending(true)}>
          {translate('planner.send.button')}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {/* Many technicians scroll inside the calendar's box, never the page. */}
        {/* A zero basis and width keep the calendar's own minimum width (a column per technician) out of the
            page's: without them the whole layout widens and scrolls sideways. */}
        {/* While a queued job is dragged, the jobs already there let the drop through to their slot, so a
            drop onto an occupied time is checked (and refused with its reason) instead of silently ignored. */}
        <Box
          sx={{
            flex: '1 1 0',
            width: { xs: '100%', md: 0 },
            minWidth: 0,
            overflowX: 'auto',
            // The planner has no all-day jobs: the library's empty all-day row (a rowgroup without cells) goes.
            '& .rbc-allday-cell': { display: 'none' },
            ...(dragged ? { '& .rbc-event, & .rbc-background-event': { pointerEvents: 'none' } } : {}),
          }}
        >
          {window.isError ? (
            <Alert severity="error">{refusalOf(window.error) ?? translate('planner.loadFailed')}</Alert>
          ) : !data ? (
            <Skeleton variant="rounded" height={480} aria-label={translate('planner.loading')} />
          ) : technicians.length === 0 ? (
            <Alert severity="info">{translate('planner.noTechnicians')}</Alert>
          ) : (
            <PlannerCalendar
              view={view}
              date={date}
              locale={locale}
              technicians={technicians}
              jobs={jobs}
              absences={absences}
              colourBy={colourBy}
              dragged={dragged}
              onView={setView}
              onNavigate={setDate}
              onMove={(event, start, end, technicianId) =>
                void move({
                  activity: event.activity,
                  ...reassigned(event.activity, event.resourceId, technicianId),
                  start,
                  end,
                })
              }
              onDropQueued={(start, technicianId) => {
                if (!dragged) return;
                const slot = slotFromDrop(dragged, start);
                setDragged(null);
                void move({ activity: dragged, ...reassigned(dragged, null, technicianId), ...slot });
              }}
              onOpen={(event) => {
                globalThis.location.hash = `#/wfm/activities/${event.activity.id}`;
              }}
            />
          )}
        </Box>
        <PlannerQueue
          items={queue.data?.data ?? []}
          total={queue.data?.total ?? 0}
          search={search}
          onSearch={setSearch}
          onDragStart={setDragged}
          onGenerated={reload}
        />
      </Stack>
      <OverrideDialog
        pending={override}
        onConfirm={(reason) => void confirmOverride(reason)}
        onCancel={cancelOverride}
      />
      <SendDialog range={range} open={sending} onClose={() => setSending(false)} onSent={reload} />
    </Box>
  );
}

/** A `YYYY-MM-DD` as local midnight, or null. */
function dayOf(value: string | null): Date | null {
  const match = value ? /^(\d{4})-(\d\d)-(\d\d)$/.exec(value) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}
