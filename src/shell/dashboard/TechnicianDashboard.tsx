import {
  Alert,
  Card,
  CardContent,
  Grid,
  List,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { LinkBase, useGetList, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import type { ResourceDefinition } from '../../../resources/schema';
import { useAppState } from '../../app/state';
import { isToday, technicianQuery } from './plan';

const MAX_ACTIVITIES = 100;

const ActivityList = ({
  title,
  empty,
  records,
  format,
  def,
}: {
  title: string;
  empty: string;
  records: readonly RaRecord[];
  format: (value: unknown) => string;
  def: ResourceDefinition;
}) => {
  const { represent } = useAppState();
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {records.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <List dense aria-label={title}>
            {records.map((record) => (
              <ListItemButton key={record.id} component={LinkBase} to={`/wfm/activities/${record.id}/job`} divider>
                <ListItemText
                  primary={represent(def, record) || String(record.id)}
                  secondary={format(record.scheduledStart)}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
};

/**
 * The technicians' home: their activities of today and of the next seven days in time order, each
 * opening its job screen (docs/spa.md#the-job-screen). The activities service gives a technician only their own, so no user filter is sent.
 */
export const TechnicianDashboard = ({ resources }: { resources: readonly ResourceDefinition[] }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const query = useMemo(() => technicianQuery(resources, new Date()), [resources]);
  const { data, isPending, error } = useGetList(
    'wfm/activities',
    { pagination: { page: 1, perPage: MAX_ACTIVITIES }, sort: query?.sort, filter: query?.filter },
    { enabled: query !== undefined },
  );
  const formatters = useMemo(
    () => ({
      time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }),
      day: new Intl.DateTimeFormat(locale, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }),
    }),
    [locale],
  );
  if (!query) return null;
  if (error) return <Alert severity="error">{translate(error.message, { _: error.message })}</Alert>;
  if (isPending) return <Skeleton variant="rounded" height={160} />;

  const now = new Date();
  const today = data.filter((r) => isToday(r.scheduledStart, now));
  const later = data.filter((r) => !isToday(r.scheduledStart, now));
  const format = (formatter: Intl.DateTimeFormat) => (value: unknown) =>
    typeof value === 'string' && value ? formatter.format(new Date(value)) : '';
  return (
    <Grid container spacing={2} component="section">
      <Grid size={{ xs: 12, md: 6 }}>
        <ActivityList
          title={translate('pages.dashboard.today')}
          empty={translate('pages.dashboard.noneToday')}
          records={today}
          format={format(formatters.time)}
          def={query.def}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ActivityList
          title={translate('pages.dashboard.week')}
          empty={translate('pages.dashboard.noneWeek')}
          records={later}
          format={format(formatters.day)}
          def={query.def}
        />
      </Grid>
    </Grid>
  );
};
