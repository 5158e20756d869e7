import { Alert, AlertTitle, Box, Button } from '@mui/material';

export interface ErrorViewTexts {
  system: string;
  systemBody: string;
  reload: string;
}

export interface ErrorViewProps {
  error: unknown;
  /** Translated texts (src/app/RootError.tsx finds them when the failure came before any dictionary). */
  texts: ErrorViewTexts;
  onRetry?: () => void;
}

/** A start-up or mount failure (docs/spa.md#boot): 'Errore di sistema' with the detail, and a retry. */
export const ErrorView = ({ error, texts, onRetry }: ErrorViewProps) => {
  const detail = error instanceof Error ? error.message : String(error ?? '');
  return (
    <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
      <Alert
        severity="error"
        sx={{ maxWidth: 640 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry ?? (() => window.location.reload())}>
            {texts.reload}
          </Button>
        }
      >
        <AlertTitle>{detail ? `${texts.system}: ${detail}` : texts.system}</AlertTitle>
        {texts.systemBody}
      </Alert>
    </Box>
  );
};
