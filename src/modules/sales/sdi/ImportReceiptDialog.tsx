import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useId, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { importReceipt, refusalText } from './api';

/**
 * "Importa ricevuta SdI" (docs/spa.md#sdi): one XML file uploaded to the receipts import; its refusal (not a
 * receipt, an unknown file name, out of order) stays in the dialog, in the service's words naming the problem.
 */
export function ImportReceiptDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!file) {
      setProblem(translate('validation.sales.sdiReceiptMissingFile'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const { event, created } = await importReceipt(file);
      const status = typeof event.sdiStatus === 'string' ? event.sdiStatus : null;
      if (!created) notify('sdi.alreadyImported', { type: 'info' });
      else if (!status) notify('sdi.recorded', { type: 'info' });
      else
        notify('sdi.imported', {
          type: 'success',
          messageArgs: { status: translate(`resources.sales/invoices.enums.sdiStatus.${status}`) },
        });
      onClose();
      refresh();
    } catch (error) {
      setProblem(refusalText(error, translate));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="sm"
      aria-labelledby={`${inputId}-title`}
    >
      <DialogTitle id={`${inputId}-title`}>{translate('sdi.importTitle')}</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <DialogContentText sx={{ mb: 2 }}>{translate('sdi.importHelp')}</DialogContentText>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" component="label" htmlFor={inputId} disabled={busy}>
            {translate('sdi.chooseFile')}
          </Button>
          <input
            id={inputId}
            type="file"
            accept=".xml,application/xml,text/xml"
            hidden
            data-testid="sdi-receipt-file"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setProblem(null);
            }}
          />
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {file ? file.name : translate('sdi.noFile')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('sdi.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={busy || !file}
          data-action="importReceiptSubmit"
        >
          {translate('sdi.import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
