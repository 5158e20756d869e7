import { Alert, Box, Card, CardContent, Chip, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useAppState } from '../../app/state';
import { http, oauth2Url } from '../../app/session';
import { displayName, fetchMe } from './api';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LanguageSelect } from './LanguageSelect';

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 1, py: 0.5 }}>
    <Typography color="text.secondary" component="dt">
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0 }}>
      {children}
    </Typography>
  </Box>
);

/** /profile: who the user is (from the oauth2 service), their roles and tenant, language, password. */
export default function ProfilePage() {
  const translate = useTranslate();
  const { tenantName } = useAppState();
  const me = useQuery({
    queryKey: ['profile', 'me'],
    queryFn: ({ signal }) => fetchMe(http, oauth2Url(), signal),
  });
  const field = (name: string) => translate(`resources.users.fields.${name}`);

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('pages.profile.title')} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {me.data ? displayName(me.data) : translate('pages.profile.identity')}
          </Typography>
          {me.isPending ? (
            <Skeleton variant="rounded" height={120} />
          ) : me.error ? (
            <Alert severity="error">{translate(me.error.message, { _: me.error.message })}</Alert>
          ) : (
            <Box component="dl" sx={{ m: 0 }}>
              <Row label={field('username')}>{me.data.username}</Row>
              <Row label={field('firstName')}>{me.data.firstName ?? '—'}</Row>
              <Row label={field('lastName')}>{me.data.lastName ?? '—'}</Row>
              <Row label={field('email')}>{me.data.email ?? '—'}</Row>
              <Row label={field('roles')}>
                <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {me.data.roles.map((role) => (
                    <Chip
                      key={role}
                      size="small"
                      label={translate(`resources.users.enums.roles.${role}`, { _: role })}
                    />
                  ))}
                </Box>
              </Row>
              <Row label={translate('pages.profile.tenant')}>
                {tenantName && tenantName !== me.data.tenant ? `${tenantName} (${me.data.tenant})` : me.data.tenant}
              </Row>
            </Box>
          )}
          <Divider sx={{ my: 2 }} />
          <LanguageSelect />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
    </Stack>
  );
}
