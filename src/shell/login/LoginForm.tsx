import { Alert, Button, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, LinkBase, TextInput, required, useLocation, useLogin, useTranslate } from 'react-admin';
import { useAppState } from '../../app/state';
import { tokens } from '../../app/session';
import type { LoginNotice } from '../password/ResetPasswordPage';

interface Credentials {
  username: string;
  password: string;
  tenant: string;
}

/**
 * Username, password and tenant, labelled from the catalogue. The error is shown in the form rather than
 * in a toast, so it stays while the user corrects the input: the server's message, else 'Server Error'.
 */
export const LoginForm = () => {
  const translate = useTranslate();
  const login = useLogin();
  const { runtime, config } = useAppState();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // E.g. "your password has been changed", after a reset link was used.
  const notice = (useLocation().state as LoginNotice | null)?.notice;

  const submit = async (values: Record<string, unknown>) => {
    setLoading(true);
    setError(null);
    try {
      await login(values as unknown as Credentials);
    } catch (e) {
      const message = e instanceof Error && e.message ? e.message : 'app.login.serverError';
      setError(translate(message, { _: message }));
      setLoading(false);
    }
  };

  return (
    <Form onSubmit={submit} defaultValues={{ tenant: tokens.lastTenant() ?? runtime.defaultTenant }} noValidate>
      {/* The page's main landmark: the login form is all the page holds besides the frame's icon. */}
      <CardContent component="main" sx={{ width: 320 }}>
        <Stack spacing={1}>
          <Typography variant="h6" component="h1" align="center">
            {config.brand.name || runtime.appName}
          </Typography>
          <TextInput
            source="username"
            label="app.login.username"
            autoComplete="username"
            autoFocus
            validate={required()}
          />
          <TextInput
            source="password"
            label="app.login.password"
            type="password"
            autoComplete="current-password"
            validate={required()}
          />
          <TextInput source="tenant" label="app.login.tenant" autoComplete="organization" validate={required()} />
          {notice && !error ? (
            <Alert severity="success" role="status">
              {translate(notice, { _: notice })}
            </Alert>
          ) : null}
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <Button variant="contained" type="submit" disabled={loading} fullWidth>
            {loading ? (
              <CircularProgress size={20} color="inherit" aria-label={translate('ra.page.loading')} />
            ) : (
              translate('app.login.submit')
            )}
          </Button>
          <Link component={LinkBase} to="/forgot-password" variant="body2" align="center">
            {translate('pages.forgotPassword.link')}
          </Link>
        </Stack>
      </CardContent>
    </Form>
  );
};
