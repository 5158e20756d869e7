import { Stack } from '@mui/material';
import { useMemo } from 'react';
import { Title, useGetIdentity, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { enabledService } from '../../app/config';
import { menuGroups } from '../../app/layout/menuGroups';
import { useAppState } from '../../app/state';
import { useRegisteredRoutes } from '../../app/useRoutes';
import type { CurrentUser, UserKind } from '../../auth/claims';
import { AdminDashboard } from './AdminDashboard';
import { breakdowns, headlines, highlights, listable } from './plan';
import { TechnicianDashboard } from './TechnicianDashboard';
import { useCounts } from './useCounts';
import { Welcome } from './Welcome';

/**
 * The home page at /: a welcome with the user's modules for everyone; administrators also get how many
 * records the main entities hold (one counts request per module: useCounts.ts), numbers worth a
 * look and charts per status; technicians their activities of today and the week.
 */
export default function Dashboard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { tenantName, config, definitions } = useAppState();
  const { data: identity, isPending } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  const kind = (identity?.kind as UserKind | undefined) ?? 'regular';
  const routes = useRegisteredRoutes();
  const groups = useMemo(
    () => menuGroups(routes, config.microservices, definitions, (identity ?? null) as CurrentUser | null),
    [routes, config, definitions, identity],
  );
  const resources = useMemo(
    () => listable(definitions, permissions ?? [], (service) => enabledService(config, service) !== undefined),
    [definitions, permissions, config],
  );
  const plan = useMemo(() => {
    if (kind !== 'admin') return { totals: [], highlights: [], breakdowns: [] };
    return {
      totals: headlines(resources),
      highlights: highlights(resources),
      breakdowns: breakdowns(resources, new Date()),
    };
  }, [kind, resources]);
  const counts = useCounts(
    useMemo(() => [...plan.totals, ...plan.highlights, ...plan.breakdowns.flatMap((b) => b.bars)], [plan]),
    definitions,
  );
  const format = useMemo(() => {
    const formatter = new Intl.NumberFormat(locale);
    return (n: number) => formatter.format(n);
  }, [locale]);

  if (isPending || !identity) return null;
  const tenant = tenantName ?? (identity.tenant as string | null) ?? config.brand.name;
  return (
    <Stack spacing={3} sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('pages.dashboard.title')} />
      <Welcome
        name={identity.fullName ?? String(identity.id)}
        kind={kind}
        tenant={tenant}
        groups={groups}
        totals={kind === 'admin' ? (name) => counts.get(`total:${name}`) : undefined}
        format={format}
      />
      {kind === 'admin' ? (
        <AdminDashboard
          resources={resources}
          totals={plan.totals}
          highlights={plan.highlights}
          breakdowns={plan.breakdowns}
          counts={counts}
          format={format}
        />
      ) : null}
      {kind === 'technician' ? <TechnicianDashboard resources={resources} /> : null}
    </Stack>
  );
}
