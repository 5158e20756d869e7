import DoneIcon from '@mui/icons-material/Done';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, IconButton, ListItem, ListItemIcon, ListItemText, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { linkPath, type AppNotification } from './api';
import { NotificationIcon } from './NotificationIcon';

export interface NotificationItemProps {
  notification: AppNotification;
  format: (iso: string) => string;
  onRead: (notification: AppNotification) => void;
  onOpen: (notification: AppNotification, path: string) => void;
  busy: boolean;
}

/** One notification: unread ones in bold with a "mark as read" button; a link opens its record. */
export const NotificationItem = ({ notification, format, onRead, onOpen, busy }: NotificationItemProps) => {
  const translate = useTranslate();
  const unread = notification.readAt === null;
  const path = linkPath(notification.link);
  return (
    <ListItem
      divider
      data-testid="notification"
      data-unread={unread}
      sx={{ alignItems: 'flex-start', bgcolor: unread ? 'action.hover' : undefined }}
      secondaryAction={
        unread ? (
          <Tooltip title={translate('pages.notifications.markRead')}>
            <span>
              <IconButton
                edge="end"
                aria-label={`${translate('pages.notifications.markRead')}: ${notification.title}`}
                onClick={() => onRead(notification)}
                disabled={busy}
              >
                <DoneIcon />
              </IconButton>
            </span>
          </Tooltip>
        ) : undefined
      }
    >
      <ListItemIcon sx={{ mt: 0.5, minWidth: 40 }}>
        <NotificationIcon type={notification.type} />
      </ListItemIcon>
      <ListItemText
        primary={
          <Typography component="span" sx={{ fontWeight: unread ? 600 : 400 }}>
            {notification.title}
          </Typography>
        }
        secondary={
          <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            <Typography component="span" variant="body2" color="text.primary" sx={{ whiteSpace: 'pre-line' }}>
              {notification.text}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary">
              {format(notification.createdAt)}
              {notification.readAt
                ? ` · ${translate('pages.notifications.readOn', { date: format(notification.readAt) })}`
                : ''}
            </Typography>
            {path ? (
              <span>
                <Button size="small" startIcon={<OpenInNewIcon />} onClick={() => onOpen(notification, path)}>
                  {translate('pages.notifications.open')}
                </Button>
              </span>
            ) : null}
          </Box>
        }
        sx={{ pr: unread ? 4 : 0 }}
      />
    </ListItem>
  );
};
