import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Grid,
  List,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../resources/schema';
import { useAppState } from '../../app/state';
import { BarChart, type Bar } from './BarChart';
import type { Breakdown, Count } from './plan';
import { SalesFiguresBlock } from './SalesFiguresBlock';

const ChartLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <LinkBase to={to} style={{ color: 'inherit' }}>
    {children}
  </LinkBase>
);

const Tile = ({
  label,
  value,
  to,
  unavailable,
  format,
}: {
  label: string;
  value: number | null | undefined;
  to: string;
  unavailable: string;
  format: (n: number) => string;
}) => (
  <Card sx={{ height: '100%' }}>
    <CardActionArea component={LinkBase} to={to} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" noWrap title={label}>
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid="count">
          {value === undefined ? <Skeleton width={60} /> : value === null ? unavailable : format(value)}
        </Typography>
      </CardContent>
    </CardActionArea>
  </Card>
);

const listLink = (c: Count) => `/${c.resource}?filter=${encodeURIComponent(JSON.stringify(c.filter))}`;

/** Several numbers on one card (a group of highlights), each a link to the list it counts. */
const GroupCard = ({
  title,
  items,
  counts,
  unavailable,
  format,
}: {
  title: string;
  items: { count: Count; label: string }[];
  counts: ReadonlyMap<string, number | null | undefined>;
  unavailable: string;
  format: (n: number) => string;
}) => (
  <Card sx={{ height: '100%' }} component="section" aria-label={title}>
    <CardContent sx={{ pb: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {title}
      </Typography>
    </CardContent>
    {/* Links, not list items: a div keeps the list semantics honest for assistive technology. */}
    <List dense component="div">
      {items.map(({ count, label }) => {
        const value = counts.get(count.key);
        return (
          <ListItemButton key={count.key} component={LinkBase} to={listLink(count)}>
            <ListItemText primary={label} />
            <Typography
              variant="h6"
              component="span"
              data-testid="count"
              color={typeof value === 'number' && value > 0 ? 'error' : undefined}
            >
              {value === undefined ? <Skeleton width={30} /> : value === null ? unavailable : format(value)}
            </Typography>
          </ListItemButton>
        );
      })}
    </List>
  </Card>
);

/** Highlights one by one, those of a group together, in the order of the first of each. */
function arrange(highlights: readonly Count[]): (Count | { group: string; members: Count[] })[] {
  const out: (Count | { group: string; members: Count[] })[] = [];
  for (const h of highlights) {
    if (!h.group) {
      out.push(h);
      continue;
    }
    const existing = out.find((o) => 'members' in o && o.group === h.group);
    if (existing && 'members' in existing) existing.members.push(h);
    else out.push({ group: h.group, members: [h] });
  }
  return out;
}

/** Main records per module: the sum of its counted resources' totals (unknown while one is loading). */
function moduleBars(
  totals: readonly Count[],
  resources: readonly ResourceDefinition[],
  services: readonly { id: string; alias: string }[],
  counts: ReadonlyMap<string, number | null | undefined>,
  label: (service: { id: string; alias: string }) => string,
): Bar[] {
  const serviceOf = (name: string) => resources.find((d) => d.name === name)?.service;
  return services
    .filter((service) => totals.some((t) => serviceOf(t.resource) === service.id))
    .map((service) => {
      const values = totals.filter((t) => serviceOf(t.resource) === service.id).map((t) => counts.get(t.key));
      const value = values.includes(undefined)
        ? undefined
        : values.includes(null)
          ? null
          : values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
      return { key: service.id, label: label(service), value };
    });
}

/**
 * The administrators' numbers and charts: the office's figures (turnover, receivables, quotes, work to
 * invoice), what deserves a look (open requests, draft invoices, stock under minimum), records per
 * module, and records per status.
 */
export const AdminDashboard = ({
  resources,
  totals,
  highlights,
  breakdowns,
  counts,
  format,
}: {
  resources: readonly ResourceDefinition[];
  totals: readonly Count[];
  highlights: readonly Count[];
  breakdowns: readonly Breakdown[];
  counts: ReadonlyMap<string, number | null | undefined>;
  format: (n: number) => string;
}) => {
  const translate = useTranslate();
  const { config } = useAppState();
  const unavailable = translate('pages.dashboard.notAvailable');
  const perModule = moduleBars(totals, resources, config.microservices, counts, (service) =>
    translate(`app.menu.groups.${service.id}`, { _: service.alias }),
  );

  // The office's figures need the invoices (the sales service) and an administrator (this dashboard's reader).
  const figures = resources.some((d) => d.name === 'sales/invoices');

  return (
    <>
      {figures ? <SalesFiguresBlock /> : null}
      {highlights.length > 0 ? (
        <Box component="section">
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('pages.dashboard.highlights')}
          </Typography>
          <Grid container spacing={2}>
            {arrange(highlights).map((h) =>
              'members' in h ? (
                <Grid key={h.group} size={{ xs: 12, sm: 6, md: 4 }}>
                  <GroupCard
                    title={translate(`pages.dashboard.${h.group}`)}
                    items={h.members.map((count) => ({ count, label: translate(`pages.dashboard.${count.key}`) }))}
                    counts={counts}
                    unavailable={unavailable}
                    format={format}
                  />
                </Grid>
              ) : (
                <Grid key={h.key} size={{ xs: 12, sm: 6, md: 4 }}>
                  <Tile
                    label={translate(`pages.dashboard.${h.key}`)}
                    value={counts.get(h.key)}
                    to={listLink(h)}
                    unavailable={unavailable}
                    format={format}
                  />
                </Grid>
              ),
            )}
          </Grid>
        </Box>
      ) : null}
      <Box component="section">
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('pages.dashboard.overview')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <BarChart
                  title={translate('pages.dashboard.perModule')}
                  bars={perModule}
                  format={format}
                  unavailable={unavailable}
                />
              </CardContent>
            </Card>
          </Grid>
          {breakdowns.map((b) => (
            <Grid key={b.key} size={{ xs: 12, md: 6 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent>
                  <BarChart
                    title={translate(b.label)}
                    format={format}
                    unavailable={unavailable}
                    link={ChartLink}
                    bars={b.bars.map((bar) => ({
                      key: bar.key,
                      label: translate(`resources.${b.resource}.enums.${b.field}.${bar.value}`, { _: bar.value }),
                      value: counts.get(bar.key),
                      href: `/${b.resource}?filter=${encodeURIComponent(JSON.stringify(bar.filter))}`,
                    }))}
                  />
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Box>
    </>
  );
};
