import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  HttpError,
  Link,
  Title,
  useDataProvider,
  useLocaleState,
  useNotify,
  useParams,
  useTranslate,
} from 'react-admin';
import { downloadPdf, reportOfActivity, type WorkReport } from './api';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad';
import { Summary } from './Summary';

const RESOURCE = 'sales/work-reports';

/** The service's words for a refused call: its field messages, else its detail. */
function problemText(error: unknown): string {
  if (!(error instanceof HttpError)) return 'app.errors.system';
  const errors = ((error.body ?? {}) as { errors?: Record<string, unknown> }).errors ?? {};
  const messages = Object.values(errors).filter((m): m is string => typeof m === 'string');
  return messages.length > 0 ? messages.join(' · ') : error.message;
}

/**
 * The work report of a job (#/wfm/activities/:id/report): made from the completed activity on first
 * visit, shown as the customer will sign it, signed on screen, then downloaded as a PDF or sent to the
 * customer (docs/spa.md#work-report). One column, full width, so it works on a phone.
 */
export default function WorkReportScreen() {
  const { id: activityId } = useParams<{ id: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [locale = 'it'] = useLocaleState();
  const [report, setReport] = useState<WorkReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [signerName, setSignerName] = useState('');
  const [drawn, setDrawn] = useState(false);
  const pad = useRef<SignaturePadHandle>(null);

  useEffect(() => {
    if (!activityId) return;
    let live = true;
    reportOfActivity(activityId)
      .then((made) => live && setReport(made))
      .catch((error: unknown) => {
        if (!live) return;
        const status = error instanceof HttpError ? error.status : 0;
        setFailure(status === 409 ? translate('workReport.notCompleted') : translate(problemText(error)));
      });
    return () => {
      live = false;
    };
  }, [activityId, translate]);

  const run = useCallback(
    async (work: () => Promise<WorkReport | void>) => {
      setBusy(true);
      try {
        const next = await work();
        if (next) setReport(next);
      } catch (error) {
        notify(problemText(error), { type: 'error' });
      } finally {
        setBusy(false);
      }
    },
    [notify],
  );

  const action = (name: 'sign' | 'send', data: object) =>
    run(async () => {
      const { data: next } = await dataProvider.runAction(RESOURCE, {
        id: report!.id,
        action: name,
        data: { version: report!.version, ...data },
      });
      notify('actions.done', {
        type: 'success',
        messageArgs: { action: translate(`resources.${RESOURCE}.actions.${name}`) },
      });
      return next as WorkReport;
    });

  const sign = () => {
    const signature = pad.current?.toPng();
    if (!signature) {
      notify('workReport.emptySignature', { type: 'warning' });
      return;
    }
    void action('sign', { signerName: signerName.trim(), signature });
  };

  const changeOutcome = (outcome: string) =>
    run(async () => {
      const { data } = await dataProvider.update(RESOURCE, {
        id: report!.id,
        data: { outcome },
        previousData: report!,
      });
      return data as WorkReport;
    });

  const when = (instant: string | null) =>
    instant
      ? new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(instant))
      : '';

  const back = (
    <Button component={Link} to={`/wfm/activities/${activityId}/job`} size="small">
      {translate('workReport.backToJob')}
    </Button>
  );

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', p: { xs: 1, sm: 2 }, width: '100%', boxSizing: 'border-box' }}>
      <Title title={translate('workReport.title')} />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {translate('workReport.title')} {report?.number ?? ''}
          </Typography>
          {failure && (
            <Stack spacing={1} sx={{ mt: 2 }}>
              <Alert severity="info">{failure}</Alert>
              <Box>{back}</Box>
            </Stack>
          )}
          {!report && !failure && (
            <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }} role="status">
              <CircularProgress size={20} />
              <Typography variant="body2">{translate('workReport.loading')}</Typography>
            </Stack>
          )}
          {report && (
            <>
              <Typography variant="body2" color="text.secondary">
                {translate(`resources.${RESOURCE}.enums.status.${report.status}`)}
              </Typography>
              <Summary report={report} onOutcome={(outcome) => void changeOutcome(outcome)} busy={busy} />
              <Box component="section" sx={{ mt: 3 }}>
                <Typography variant="subtitle2" component="h2" color="primary" sx={{ mb: 1 }}>
                  {translate('workReport.signature')}
                </Typography>
                {report.status === 'draft' ? (
                  <Stack spacing={2}>
                    <SignaturePad ref={pad} disabled={busy} onChange={(empty) => setDrawn(!empty)} />
                    <TextField
                      fullWidth
                      size="small"
                      label={translate('workReport.signerName')}
                      value={signerName}
                      onChange={(event) => setSignerName(event.target.value)}
                      slotProps={{ htmlInput: { maxLength: 80 } }}
                      disabled={busy}
                    />
                    <Button
                      variant="contained"
                      onClick={sign}
                      disabled={busy || !drawn || signerName.trim() === ''}
                      fullWidth
                    >
                      {translate('workReport.sign')}
                    </Button>
                  </Stack>
                ) : (
                  <Alert severity="success">
                    {translate('workReport.signed', { name: report.signerName ?? '', at: when(report.signedAt) })}
                  </Alert>
                )}
              </Box>
              {report.sentAt && (
                <Alert severity="info" sx={{ mt: 2 }}>
                  {translate('workReport.sent', { at: when(report.sentAt) })}
                </Alert>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 3 }}>
                <Button variant="outlined" onClick={() => void run(() => downloadPdf(report))} disabled={busy}>
                  {translate('workReport.download')}
                </Button>
                {report.status === 'signed' && (
                  <Button variant="contained" onClick={() => void action('send', {})} disabled={busy}>
                    {translate('workReport.send')}
                  </Button>
                )}
                {back}
              </Stack>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
