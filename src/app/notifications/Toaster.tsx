import CloseIcon from '@mui/icons-material/Close';
import CommentIcon from '@mui/icons-material/Comment';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { Box, Fade, IconButton, Paper, Typography } from '@mui/material';
import type { Toast } from './store';
import { TOAST_EXIT_MS } from './store';
import type { Translate } from './system';

export interface ToasterProps {
  toasts: readonly Toast[];
  onClose: (id: number) => void;
  translate: Translate;
}

const ICONS = { comment: CommentIcon, 'warning-triangle': WarningIcon } as const;

/** One toast: a header (icon, title, 'Ora' for a normal one, close) and the text. */
const ToastCard = ({ toast, onClose, translate }: { toast: Toast } & Omit<ToasterProps, 'toasts'>) => {
  const Icon = ICONS[toast.icon];
  const error = toast.type === 'error';
  return (
    <Fade in={toast.visible} appear timeout={TOAST_EXIT_MS}>
      <Paper
        elevation={6}
        role={error ? 'alert' : 'status'}
        data-toast-type={toast.type}
        sx={{ width: 360, maxWidth: 'calc(100vw - 32px)', overflow: 'hidden', pointerEvents: 'auto' }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1.5,
            py: 0.5,
            borderBottom: 1,
            borderColor: 'divider',
            color: error ? 'error.main' : 'text.primary',
          }}
        >
          <Icon fontSize="small" data-icon={toast.icon} aria-hidden />
          <Typography variant="subtitle2" component="strong" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {toast.title}
          </Typography>
          {error ? null : (
            <Typography variant="caption" color="text.secondary">
              {translate('app.toasts.now')}
            </Typography>
          )}
          <IconButton size="small" aria-label={translate('app.toasts.close')} onClick={() => onClose(toast.id)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
        <Typography variant="body2" sx={{ px: 1.5, py: 1, whiteSpace: 'pre-line' }}>
          {toast.text}
        </Typography>
      </Paper>
    </Fade>
  );
};

/**
 * The toasts, stacked at the bottom end of the screen (docs/spa.md#toasts): bottom right in a left-to-right
 * language. Loaded on demand, with the first toast.
 */
export default function Toaster({ toasts, onClose, translate }: ToasterProps) {
  return (
    <Box
      data-testid="toasts"
      sx={{
        position: 'fixed',
        bottom: 16,
        insetInlineEnd: 16,
        zIndex: (theme) => theme.zIndex.snackbar + 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        pointerEvents: 'none',
      }}
    >
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} onClose={onClose} translate={translate} />
      ))}
    </Box>
  );
}
