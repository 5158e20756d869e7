import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { generate, type QueueItem } from './api';
import { refusalOf } from './useMove';

/**
 * The queue of unscheduled work beside the calendar: each job is dragged (HTML5 drag and drop) onto a
 * technician's column at a time; "Genera ora" makes the due generated work now and reloads.
 */
export function PlannerQueue({
  items,
  total,
  search,
  onSearch,
  onDragStart,
  onGenerated,
}: {
  items: readonly QueueItem[];
  total: number;
  search: string;
  onSearch: (q: string) => void;
  onDragStart: (item: QueueItem | null) => void;
  onGenerated: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const generating = useMutation({
    mutationFn: generate,
    onSuccess: ({ created }) => {
      notify(translate('planner.queue.generated', created), { type: 'success' });
      onGenerated();
    },
    onError: (error) => notify(refusalOf(error) ?? 'app.errors.system', { type: 'error' }),
  });
  return (
    <Box component="aside" aria-labelledby="planner-queue-title" sx={{ width: { md: 300 }, flexShrink: 0 }}>
      <Stack direction="row" sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id="planner-queue-title" variant="h6" component="h2">
          {translate('planner.queue.title')}
        </Typography>
        <Button size="small" disabled={generating.isPending} onClick={() => generating.mutate()}>
          {translate('planner.queue.generate')}
        </Button>
      </Stack>
      <TextField
        size="small"
        fullWidth
        label={translate('planner.queue.search')}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        sx={{ mb: 1 }}
      />
      <Typography variant="caption" color="text.secondary">
        {translate('planner.queue.hint')}
      </Typography>
      {items.length === 0 ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('planner.queue.empty')}
        </Alert>
      ) : (
        // Focusable, so a keyboard can scroll the queue too (its items are drag sources, not controls).
        <List
          dense
          tabIndex={0}
          aria-label={translate('planner.queue.title')}
          sx={{ maxHeight: '70vh', overflowY: 'auto' }}
        >
          {items.map((item) => (
            <ListItem
              key={item.id}
              draggable
              data-testid="planner-queue-item"
              onDragStart={(event) => {
                event.dataTransfer.setData('text/plain', item.id);
                onDragStart(item);
              }}
              onDragEnd={() => onDragStart(null)}
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                mb: 0.5,
                cursor: 'grab',
                bgcolor: 'background.paper',
              }}
            >
              <ListItemText
                primary={[item.number, item.title].filter(Boolean).join(' · ')}
                secondary={
                  <>
                    {[item.customerName, item.siteName].filter(Boolean).join(' — ')}
                    <br />
                    {[
                      item.occurrenceDate
                        ? translate('planner.queue.due', { date: day.format(new Date(item.occurrenceDate)) })
                        : '',
                      translate('planner.queue.minutes', { minutes: item.estimatedMinutes ?? 60 }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </>
                }
              />
              <Chip size="small" label={translate(`resources.wfm/activities.enums.origin.${item.origin}`)} />
            </ListItem>
          ))}
        </List>
      )}
      {total > items.length && (
        <Typography variant="caption">{translate('planner.queue.more', { shown: items.length, total })}</Typography>
      )}
    </Box>
  );
}
