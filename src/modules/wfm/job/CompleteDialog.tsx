import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { completionInterval, fromLocalInput, toLocalInput } from './time';
import type { JobRecord } from './useJob';

const FIELDS = 'resources.wfm/activities.fields';

/**
 * The `complete` action's input, full screen on a phone: actual start and end prefilled from the time
 * entries, the resolution required. The service checks everything again (the checklist, the gas lines,
 * the van's stock); its messages come back as a toast and the dialog stays open.
 */
export function CompleteDialog({
  record,
  onClose,
  act,
}: {
  record: JobRecord;
  onClose: () => void;
  act: (action: string, input: Record<string, unknown>) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [initial] = useState(() => completionInterval(record, new Date()));
  const [start, setStart] = useState(toLocalInput(initial.start));
  const [end, setEnd] = useState(toLocalInput(initial.end));
  const [resolution, setResolution] = useState(typeof record.resolution === 'string' ? record.resolution : '');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const missing = {
    start: !fromLocalInput(start),
    end: !fromLocalInput(end),
    resolution: resolution.trim() === '',
  };
  const submit = async () => {
    setTouched(true);
    if (missing.start || missing.end || missing.resolution) return;
    setBusy(true);
    const done = await act('complete', {
      actualStart: fromLocalInput(start),
      actualEnd: fromLocalInput(end),
      resolution: resolution.trim(),
    });
    setBusy(false);
    if (done) onClose();
  };
  const required = (empty: boolean) => (touched && empty ? translate('ra.validation.required') : undefined);
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="job-complete"
    >
      <DialogTitle id="job-complete">{translate('resources.wfm/activities.actions.complete')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            type="datetime-local"
            label={translate(`${FIELDS}.actualStart`)}
            value={start}
            onChange={(e) => setStart(e.target.value)}
            required
            error={!!required(missing.start)}
            helperText={required(missing.start)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="datetime-local"
            label={translate(`${FIELDS}.actualEnd`)}
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            required
            error={!!required(missing.end)}
            helperText={required(missing.end)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={translate(`${FIELDS}.resolution`)}
            value={resolution}
            onChange={(e) => setResolution(e.target.value)}
            required
            multiline
            minRows={4}
            error={!!required(missing.resolution)}
            helperText={required(missing.resolution)}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {translate('actions.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
