import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonIcon from '@mui/icons-material/Person';
import { Box, Button, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import type { MenuGroup } from '../../app/layout/menuGroups';
import type { UserKind } from '../../auth/claims';

/**
 * Greeting, company, role, and the user's modules: the menu's own entries (same groups, same role and
 * module rules), each resource list with how many records it holds when `totals` are given (administrators).
 */
export const Welcome = ({
  name,
  kind,
  tenant,
  groups,
  totals,
  format,
}: {
  name: string;
  kind: UserKind;
  tenant: string;
  groups: readonly MenuGroup[];
  totals?: (resource: string) => number | null | undefined;
  format?: (n: number) => string;
}) => {
  const translate = useTranslate();
  const entryLabel = (entry: MenuGroup['entries'][number]) => {
    if (entry.menu?.label) return { label: translate(entry.menu.label), total: undefined };
    const resource = 'resource' in entry.target ? entry.target.resource : entry.path;
    return {
      label: translate(`resources.${resource}.name`, { smart_count: 2, _: resource }),
      total: totals?.(resource),
    };
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('pages.dashboard.welcome', { name })}
        </Typography>
        <Typography>{translate('pages.dashboard.tenant', { tenant })}</Typography>
        <Typography color="text.secondary" gutterBottom>
          {translate('pages.dashboard.role', { role: translate(`app.roles.${kind}`) })}
        </Typography>
        <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
          {translate('pages.dashboard.modules')}
        </Typography>
        {groups.length === 0 ? (
          <Typography color="text.secondary">{translate('pages.dashboard.noModules')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {groups.map(({ service, entries }) => (
              <Box
                component="li"
                key={service.id}
                sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
              >
                <Typography component="span" sx={{ minWidth: 120, fontWeight: 500 }}>
                  {translate(`app.menu.groups.${service.id}`, { _: service.alias })}
                </Typography>
                {entries.map((entry) => {
                  const { label, total } = entryLabel(entry);
                  return (
                    <Chip
                      key={entry.path}
                      component={LinkBase}
                      to={entry.path}
                      clickable
                      size="small"
                      data-testid="module-resource"
                      label={typeof total === 'number' && format ? `${label} · ${format(total)}` : label}
                    />
                  );
                })}
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
      {/* Everyone's own pages, whatever the modules. */}
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={LinkBase} to="/notifications" startIcon={<NotificationsIcon />} size="small">
          {translate('pages.notifications.title')}
        </Button>
        <Button component={LinkBase} to="/profile" startIcon={<PersonIcon />} size="small">
          {translate('pages.profile.title')}
        </Button>
      </CardActions>
    </Card>
  );
};
