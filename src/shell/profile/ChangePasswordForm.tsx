import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, required, useNotify, useTranslate } from 'react-admin';
import { http, oauth2Url, tokens } from '../../app/session';
import { changePassword, formFailure } from '../password/api';
import { matchesField } from '../password/validation';

const FIELDS = ['currentPassword', 'newPassword'];

/**
 * The current password, the new one twice. The server answers a fresh token (it ends every other
 * session): stored at once through the token storage, so this session goes on. A wrong current
 * password comes back as the server's message beside that input.
 */
export const ChangePasswordForm = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // A new form after a success: the typed passwords must not stay on screen.
  const [generation, setGeneration] = useState(0);

  const submit = async (values: Record<string, unknown>) => {
    setLoading(true);
    setError(null);
    try {
      await changePassword(http, tokens, oauth2Url(), {
        currentPassword: String(values.currentPassword ?? ''),
        newPassword: String(values.newPassword ?? ''),
      });
      notify('pages.profile.changed', { type: 'success' });
      setGeneration((g) => g + 1);
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
    <Form key={generation} onSubmit={submit} noValidate>
      <Stack spacing={1} sx={{ maxWidth: 400 }}>
        <Typography variant="h6" component="h2">
          {translate('pages.profile.changePassword')}
        </Typography>
        <PasswordInput
          source="currentPassword"
          label="pages.profile.currentPassword"
          autoComplete="current-password"
          validate={required()}
        />
        <PasswordInput
          source="newPassword"
          label="pages.profile.newPassword"
          autoComplete="new-password"
          validate={required()}
        />
        <PasswordInput
          source="confirm"
          label="pages.profile.confirm"
          autoComplete="new-password"
          validate={[required(), matchesField('newPassword')]}
        />
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        <div>
          <Button variant="contained" type="submit" disabled={loading}>
            {loading ? (
              <CircularProgress size={20} color="inherit" aria-label={translate('ra.page.loading')} />
            ) : (
              translate('pages.profile.submit')
            )}
          </Button>
        </div>
      </Stack>
    </Form>
  );
};
