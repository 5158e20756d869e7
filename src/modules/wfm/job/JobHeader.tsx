import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { JobRecord } from './useJob';
import { formatMinutes, minutesWorked, timeEntries } from './time';

const ACTIVITIES = 'resources.wfm/activities';

/** The planned slot: "lun 24 nov, 09:00–11:00". */
function slot(record: JobRecord, locale: string): string {
  const start = typeof record.scheduledStart === 'string' ? new Date(record.scheduledStart) : undefined;
  if (!start) return '';
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(start);
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
  const end = typeof record.scheduledEnd === 'string' ? new Date(record.scheduledEnd) : undefined;
  return `${day}, ${time.format(start)}${end ? `–${time.format(end)}` : ''}`;
}

/** The minutes worked, ticking once a minute while an entry is open. */
function useWorked(record: JobRecord): number {
  const [, setTick] = useState(0);
  const running = record.workState === 'running';
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setTick((tick) => tick + 1), 30_000);
    return () => clearInterval(timer);
  }, [running]);
  return minutesWorked(timeEntries(record.timeEntries), new Date());
}

/** Number, title, status and planned time of the job, and its time tracking (startWork, pauseWork, stopWork). */
export function JobHeader({
  record,
  editable,
  timeTracking,
  act,
}: {
  record: JobRecord;
  editable: boolean;
  timeTracking: boolean;
  act: (action: string) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [busy, setBusy] = useState(false);
  const worked = useWorked(record);
  const state = typeof record.workState === 'string' ? record.workState : 'notStarted';
  const run = async (action: string) => {
    setBusy(true);
    await act(action);
    setBusy(false);
  };
  const button = (action: string, label: string, variant: 'contained' | 'outlined' = 'outlined') => (
    <Button key={action} variant={variant} disabled={busy} onClick={() => void run(action)} data-action={action}>
      {translate(label)}
    </Button>
  );
  return (
    <Box component="header" sx={{ minWidth: 0 }}>
      <Typography variant="overline" component="p">
        {String(record.number ?? '')}
      </Typography>
      <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {String(record.title ?? '')}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1 }}>
        <Chip size="small" label={translate(`${ACTIVITIES}.enums.status.${String(record.status)}`)} />
        {timeTracking && (
          <Chip size="small" variant="outlined" label={translate(`job.workState.${state}`)} data-testid="work-state" />
        )}
        <Typography variant="body2" color="text.secondary">
          {slot(record, locale)}
        </Typography>
      </Stack>
      {timeTracking && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}>
          {editable &&
            state !== 'running' &&
            button('startWork', state === 'notStarted' ? 'job.start' : 'job.resume', 'contained')}
          {editable && state === 'running' && button('pauseWork', 'job.pause')}
          {editable && (state === 'running' || state === 'paused') && button('stopWork', 'job.stop')}
          <Typography variant="body2" data-testid="worked">
            {translate('job.worked', { time: formatMinutes(worked) })}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}
