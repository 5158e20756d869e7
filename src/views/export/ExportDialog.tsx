import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { ExportState } from './useListExport';

/**
 * The progress of an export: rows read out of the list's total, then the writing of the file. Cancel
 * (or Escape) stops the requests and writes nothing; a failure says so and writes nothing either.
 */
export function ExportDialog({ title, state, onCancel }: { title: string; state: ExportState; onCancel: () => void }) {
  const translate = useTranslate();
  const labelId = useId();
  const statusId = useId();
  if (state.phase === 'idle') return null;
  const running = state.phase !== 'failed';
  const percent =
    state.phase === 'reading' && state.total > 0 ? Math.min(100, (100 * state.fetched) / state.total) : undefined;
  return (
    <Dialog open onClose={onCancel} aria-labelledby={labelId} aria-describedby={statusId} fullWidth maxWidth="xs">
      <DialogTitle id={labelId}>{translate('exports.title', { name: title })}</DialogTitle>
      <DialogContent>
        {state.phase === 'failed' ? (
          <Alert severity="error" id={statusId}>
            {translate(state.message, state.params)}
          </Alert>
        ) : (
          <Box>
            <LinearProgress
              variant={percent === undefined ? 'indeterminate' : 'determinate'}
              value={percent}
              aria-labelledby={statusId}
            />
            <Box id={statusId} role="status" sx={{ mt: 1 }} data-testid="export-status">
              {state.phase === 'writing'
                ? translate('exports.writing')
                : state.fetched === 0
                  ? translate('exports.reading')
                  : translate('exports.progress', { fetched: state.fetched, total: state.total })}
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate(running ? 'exports.cancel' : 'exports.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
