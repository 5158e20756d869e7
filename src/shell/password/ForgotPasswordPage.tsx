import { Alert, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, LinkBase, TextInput, required, useLocaleState, useTranslate } from 'react-admin';
import { useAppState } from '../../app/state';
import { tokens } from '../../app/session';
import { formFailure, requestPasswordReset } from './api';
import { passwordApi } from './options';
import { PublicFrame } from './PublicFrame';

const FIELDS = ['username', 'tenant'];

/**
 * /forgot-password: username and tenant. The answer is the same whether or not the user exists (no
 * user enumeration), so the page always shows one confirmation once the server has accepted the request.
 */
export default function ForgotPasswordPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { runtime } = useAppState();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    setLoading(true);
    setError(null);
    try {
      await requestPasswordReset(passwordApi(locale), {
        tenant: String(values.tenant ?? ''),
        username: String(values.username ?? ''),
      });
      setSent(true);
      return undefined;
    } catch (e) {
      const failure = formFailure(e, FIELDS);
      if (failure.message) setError(translate(failure.message, { _: failure.message }));
      return failure.fields;
    } finally {
      setLoading(false);
    }
  };

  return (
    <PublicFrame title={translate('pages.forgotPassword.title')}>
      {sent ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {translate('oauth2.forgotAccepted')}
          </Alert>
          <Button component={LinkBase} to="/login" variant="contained" fullWidth>
            {translate('pages.forgotPassword.backToLogin')}
          </Button>
        </Stack>
      ) : (
        <Form onSubmit={submit} defaultValues={{ tenant: tokens.lastTenant() ?? runtime.defaultTenant }} noValidate>
          <Stack spacing={1}>
            <Typography variant="body2" color="text.secondary">
              {translate('pages.forgotPassword.intro')}
            </Typography>
            <TextInput
              source="username"
              label="app.login.username"
              autoComplete="username"
              autoFocus
              validate={required()}
            />
            <TextInput source="tenant" label="app.login.tenant" autoComplete="organization" validate={required()} />
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
            <Button variant="contained" type="submit" disabled={loading} fullWidth>
              {loading ? (
                <CircularProgress size={20} color="inherit" aria-label={translate('ra.page.loading')} />
              ) : (
                translate('pages.forgotPassword.submit')
              )}
            </Button>
            <Link component={LinkBase} to="/login" variant="body2" align="center">
              {translate('pages.forgotPassword.backToLogin')}
            </Link>
          </Stack>
        </Form>
      )}
    </PublicFrame>
  );
}
