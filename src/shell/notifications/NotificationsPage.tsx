import DoneAllIcon from '@mui/icons-material/DoneAll';
import SyncIcon from '@mui/icons-material/Sync';
import WifiIcon from '@mui/icons-material/Wifi';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  LinearProgress,
  List,
  Pagination,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Title, useLocaleState, useNavigate, useNotify, useTranslate } from 'react-admin';
import type { AppNotification } from './api';
import { notificationCenter, notificationsApi } from './instance';
import { NotificationItem } from './NotificationItem';
import { useNotificationCenter } from './useNotificationCenter';

export const PAGE_SIZE = 25;

/**
 * /notifications: the user's notifications, newest first, all or only the unread ones. The list
 * reloads whenever one arrives live or is read (the center's revision), so it stays current.
 */
export default function NotificationsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const center = useNotificationCenter(notificationCenter);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(0);
  const [busy, setBusy] = useState(false);
  const available = notificationsApi.streamUrl() !== undefined;

  const list = useQuery({
    queryKey: ['notifications', 'page', { page, unreadOnly }, center.revision],
    queryFn: ({ signal }) => notificationsApi.list({ page, pageSize: PAGE_SIZE, unreadOnly }, signal),
    placeholderData: keepPreviousData,
    enabled: available,
  });

  const format = useMemo(() => {
    const formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => formatter.format(new Date(iso));
  }, [locale]);

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const read = (n: AppNotification) => act(() => notificationCenter.markRead(n.id));
  const open = (n: AppNotification, path: string) =>
    act(async () => {
      if (n.readAt === null) await notificationCenter.markRead(n.id);
      navigate(path);
    });
  const readAll = () =>
    act(async () => {
      await notificationCenter.markAllRead();
      notify('pages.notifications.markedAll', { type: 'info' });
    });

  const title = translate('pages.notifications.title');
  if (!available) {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title={title} />
        <Alert severity="info">{translate('pages.notifications.unavailable')}</Alert>
      </Box>
    );
  }

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title={title} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={unreadOnly ? 'unread' : 'all'}
          aria-label={translate('pages.notifications.filter')}
          onChange={(_, value: string | null) => {
            if (value === null) return;
            setUnreadOnly(value === 'unread');
            setPage(0);
          }}
        >
          <ToggleButton value="all">{translate('pages.notifications.all')}</ToggleButton>
          <ToggleButton value="unread">
            {translate('pages.notifications.unread')}
            {center.unread ? ` (${center.unread})` : ''}
          </ToggleButton>
        </ToggleButtonGroup>
        <Button startIcon={<DoneAllIcon />} onClick={readAll} disabled={busy || !center.unread}>
          {translate('pages.notifications.markAllRead')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {center.status === 'live' ? (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            icon={<WifiIcon />}
            label={translate('pages.notifications.live')}
          />
        ) : center.status === 'reconnecting' ? (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            icon={<SyncIcon />}
            label={translate('pages.notifications.reconnecting')}
          />
        ) : null}
      </Stack>
      <Card>
        {list.isFetching ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
        {list.error ? (
          <Alert severity="error">{translate(list.error.message, { _: list.error.message })}</Alert>
        ) : list.data && list.data.data.length === 0 ? (
          <Typography sx={{ p: 3 }} color="text.secondary" align="center">
            {translate(unreadOnly ? 'pages.notifications.emptyUnread' : 'pages.notifications.empty')}
          </Typography>
        ) : (
          <List disablePadding aria-label={title}>
            {list.data?.data.map((n) => (
              <NotificationItem key={n.id} notification={n} format={format} onRead={read} onOpen={open} busy={busy} />
            ))}
          </List>
        )}
      </Card>
      {pages > 1 ? (
        <Pagination count={pages} page={page + 1} onChange={(_, p) => setPage(p - 1)} sx={{ alignSelf: 'center' }} />
      ) : null}
    </Stack>
  );
}
