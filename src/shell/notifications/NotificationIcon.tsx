import CommentIcon from '@mui/icons-material/Comment';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { AppNotification } from './api';

/** The toasts' icons (docs/spa.md#toasts): a comment for a normal notification, a warning triangle for an error. */
export const NotificationIcon = ({ type }: Pick<AppNotification, 'type'>) =>
  type === 'error' ? <WarningAmberIcon color="error" /> : <CommentIcon color="primary" />;
