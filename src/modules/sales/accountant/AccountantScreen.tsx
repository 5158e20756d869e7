import { Alert, Button, CircularProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { todayInItaly } from '../../../../resources/schema/presets';
import { refusalOf } from '../../wfm/planner/useMove';
import { downloadExport, type ExportKind } from './api';
import { fileNames, isComplete, presetPeriod, PRESETS, type Period, type Preset } from './periods';

const KINDS: readonly ExportKind[] = ['zip', 'xlsx', 'csv'];

/**
 * "Esportazioni per il commercialista" (docs/spa.md#exports-for-the-accountant): a period (a month or quarter,
 * or any days) and the files of it the accountant asks for: the electronic invoices' XML as a zip and the VAT
 * sales register as XLSX or CSV. The service refuses a bad period naming it; that message is shown as is.
 */
export default function AccountantScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const [preset, setPreset] = useState<Preset | 'custom'>('lastMonth');
  const [period, setPeriod] = useState<Period>(() => presetPeriod('lastMonth', todayInItaly()));
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const title = translate('accountant.title');

  const choose = (value: Preset | 'custom') => {
    setPreset(value);
    setError(null);
    if (value !== 'custom') setPeriod(presetPeriod(value, todayInItaly()));
  };
  const edit = (end: keyof Period, value: string) => {
    setPreset('custom');
    setError(null);
    setPeriod((current) => ({ ...current, [end]: value }));
  };
  const download = async (kind: ExportKind) => {
    const fileName = fileNames(period)[kind];
    setBusy(kind);
    setError(null);
    try {
      await downloadExport(kind, period, fileName);
      notify('accountant.downloads.done', { type: 'info', messageArgs: { file: fileName } });
    } catch (failure) {
      setError(refusalOf(failure) ?? translate('accountant.downloads.failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack spacing={2} sx={{ p: 2, minWidth: 0, maxWidth: 720 }}>
      <Title title={title} />
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('accountant.intro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <TextField
            select
            label={translate('accountant.period.label')}
            value={preset}
            onChange={(e) => choose(e.target.value as Preset | 'custom')}
            size="small"
            sx={{ maxWidth: { sm: 260 } }}
            data-testid="accountant-preset"
          >
            {[...PRESETS, 'custom' as const].map((value) => (
              <MenuItem key={value} value={value}>
                {translate(`accountant.period.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {(['from', 'to'] as const).map((end) => (
              <TextField
                key={end}
                type="date"
                label={translate(`accountant.period.${end}`)}
                value={period[end]}
                onChange={(e) => edit(end, e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
                size="small"
                sx={{ minWidth: 0, flex: { sm: '0 1 200px' } }}
                name={end}
              />
            ))}
          </Stack>
        </Stack>
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {KINDS.map((kind) => (
          <Button
            key={kind}
            variant={kind === 'zip' ? 'contained' : 'outlined'}
            onClick={() => void download(kind)}
            disabled={busy !== null || !isComplete(period)}
            startIcon={busy === kind ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-action={`accountant-${kind}`}
          >
            {translate(`accountant.downloads.${kind}`)}
          </Button>
        ))}
      </Stack>
      {busy && (
        <Typography variant="body2" color="text.secondary" role="status">
          {translate('accountant.downloads.busy')}
        </Typography>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
