import { Alert, Button, CircularProgress, Link, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Form,
  LinkBase,
  PasswordInput,
  required,
  useLocaleState,
  useLocation,
  useNavigate,
  useTranslate,
} from 'react-admin';
import { formFailure, resetPassword } from './api';
import { passwordApi } from './options';
import { PublicFrame } from './PublicFrame';
import { matchesField } from './validation';

const FIELDS = ['password'];

/** What the login page shows on arrival from a successful reset (router state, not the URL). */
export interface LoginNotice {
  notice?: string;
}

/**
 * /reset-password?token=...: the link of the mail. The new password twice; the server's field errors
 * (a weak password beside the input, an invalid or spent link above the button); on success, the login
 * page with a message.
 */
export default function ResetPasswordPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const [error, setError] = useState<string | null>(token ? null : translate('validation.resetToken'));
  const [loading, setLoading] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    setLoading(true);
    setError(null);
    try {
      await resetPassword(passwordApi(locale), { token, password: String(values.password ?? '') });
      navigate('/login', { state: { notice: 'oauth2.resetDone' } satisfies LoginNotice });
      return undefined;
    } catch (e) {
      const failure = formFailure(e, FIELDS);
      if (failure.message) setError(translate(failure.message, { _: failure.message }));
      setLoading(false);
      return failure.fields;
    }
  };

  return (
    <PublicFrame title={translate('pages.resetPassword.title')}>
      <Form onSubmit={submit} noValidate>
        <Stack spacing={1}>
          <PasswordInput
            source="password"
            label="pages.resetPassword.password"
            autoComplete="new-password"
            autoFocus
            validate={required()}
          />
          <PasswordInput
            source="confirm"
            label="pages.resetPassword.confirm"
            autoComplete="new-password"
            validate={[required(), matchesField('password')]}
          />
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <Button variant="contained" type="submit" disabled={loading || !token} fullWidth>
            {loading ? (
              <CircularProgress size={20} color="inherit" aria-label={translate('ra.page.loading')} />
            ) : (
              translate('pages.resetPassword.submit')
            )}
          </Button>
          <Link component={LinkBase} to="/forgot-password" variant="body2" align="center">
            {translate('pages.resetPassword.askAgain')}
          </Link>
        </Stack>
      </Form>
    </PublicFrame>
  );
}
