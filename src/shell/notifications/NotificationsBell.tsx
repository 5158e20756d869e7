import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { notificationCenter, notificationsApi } from './instance';
import { useAfterFirstScreen } from './useAfterFirstScreen';
import { useNotificationCenter } from './useNotificationCenter';

/**
 * The app bar's bell: the unread count as a badge, a link to /notifications. Mounted with the layout,
 * that is while signed in, it keeps the live stream (and its toasts) running on every page, opened once
 * the first page has its data.
 */
export default function NotificationsBell() {
  const translate = useTranslate();
  // The count and the stream are secondary: they wait until the page shows its data.
  const { unread } = useNotificationCenter(notificationCenter, useAfterFirstScreen());
  if (!notificationsApi.streamUrl()) return null;
  const label = translate('pages.notifications.bell', { count: unread ?? 0 });
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" component={LinkBase} to="/notifications" aria-label={label}>
        <Badge badgeContent={unread ?? 0} color="error" max={99} data-testid="unread-badge">
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
