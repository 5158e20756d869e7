import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { PendingOverride } from './useMove';

/** Asks why a slot outside working hours stands (a soft conflict); the reason goes with the update. */
export function OverrideDialog({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: PendingOverride | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onCancel();
  };
  return (
    <Dialog open={pending !== null} onClose={close} aria-labelledby="planner-override-title">
      <DialogTitle id="planner-override-title">{translate('planner.override.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('planner.override.explain')}</DialogContentText>
        <ul>
          {pending?.conflicts.map((conflict, i) => (
            <li key={i}>{conflict.message}</li>
          ))}
        </ul>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={translate('planner.override.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('planner.override.cancel')}</Button>
        <Button
          variant="contained"
          disabled={reason.trim() === ''}
          onClick={() => {
            const given = reason.trim();
            setReason('');
            onConfirm(given);
          }}
        >
          {translate('planner.override.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
