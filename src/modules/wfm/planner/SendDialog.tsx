import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  ListSubheader,
  Skeleton,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { fetchPending, publish } from './api';
import { refusalOf } from './useMove';

/**
 * The confirm-sending modal (docs/spa.md#the-planner): the pending changes of the visible period per technician
 * (new, moved, changed, cancelled, removed); confirming publishes exactly the listed activities.
 */
export function SendDialog({
  range,
  open,
  onClose,
  onSent,
}: {
  range: { from: Date; to: Date };
  open: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const when = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const at = (value: string | null) => (value ? when.format(new Date(value)) : '');
  const pending = useQuery({
    queryKey: ['wfm/planning', 'pending', range.from.toISOString(), range.to.toISOString()],
    queryFn: () => fetchPending(range.from, range.to),
    enabled: open,
    gcTime: 0,
  });
  const sending = useMutation({
    mutationFn: (ids: string[]) => publish(ids),
    onSuccess: (answer) => {
      notify(translate('planner.send.sent', { published: answer.published, technicians: answer.technicians.length }), {
        type: 'success',
      });
      onSent();
      onClose();
    },
    onError: (error) => notify(refusalOf(error) ?? 'app.errors.system', { type: 'error' }),
  });
  const ids = pending.data?.activityIds ?? [];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="planner-send-title">
      <DialogTitle id="planner-send-title">{translate('planner.send.title')}</DialogTitle>
      <DialogContent dividers>
        {pending.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : pending.isError ? (
          <Alert severity="error">{refusalOf(pending.error) ?? translate('app.errors.system')}</Alert>
        ) : ids.length === 0 ? (
          <Alert severity="info">{translate('planner.send.nothing')}</Alert>
        ) : (
          pending.data.data.map((technician) => (
            <List
              key={technician.technicianId}
              dense
              aria-label={technician.technicianName}
              subheader={<ListSubheader disableGutters>{technician.technicianName}</ListSubheader>}
            >
              {technician.changes.map((change) => (
                <ListItem key={`${change.activityId}:${change.change}`} disableGutters>
                  <Chip size="small" label={translate(`planner.send.changes.${change.change}`)} sx={{ mr: 1 }} />
                  <ListItemText
                    primary={[change.number, change.title, change.customerName].filter(Boolean).join(' · ')}
                    secondary={[
                      at(change.scheduledStart),
                      change.change === 'moved'
                        ? translate('planner.send.was', { when: at(change.publishedStart) })
                        : '',
                    ]
                      .filter(Boolean)
                      .join(' — ')}
                  />
                </ListItem>
              ))}
            </List>
          ))
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('planner.send.cancel')}</Button>
        <Button
          variant="contained"
          disabled={ids.length === 0 || sending.isPending}
          onClick={() => sending.mutate(ids)}
        >
          {translate('planner.send.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
