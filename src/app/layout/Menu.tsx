import ListIcon from '@mui/icons-material/ViewList';
import { ListSubheader } from '@mui/material';
import { Fragment } from 'react';
import { Menu as RaMenu, useGetIdentity, useSidebarState, useTranslate } from 'react-admin';
import type { CurrentUser } from '../../auth/claims';
import { useAppState } from '../state';
import { useRegisteredRoutes } from '../useRoutes';
import { menuGroups } from './menuGroups';

/**
 * The menu grouped by module, filtered by role and by the modules the tenant enables (menuGroups). A
 * technician sees the technician area: the activity lists by status, work reports and periodic tickets.
 */
export const Menu = () => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const { config, definitions } = useAppState();
  const routes = useRegisteredRoutes();
  const { data: identity } = useGetIdentity();
  const groups = menuGroups(routes, config.microservices, definitions, (identity ?? null) as CurrentUser | null);
  return (
    <RaMenu>
      <RaMenu.DashboardItem primaryText={translate('app.menu.dashboard')} />
      {groups.map(({ service, entries }) => (
        <Fragment key={service.id}>
          {open ? (
            <ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.5 }}>
              {translate(`app.menu.groups.${service.id}`, { _: service.alias })}
            </ListSubheader>
          ) : null}
          {entries.map((route) =>
            'resource' in route.target && !route.menu?.label ? (
              <RaMenu.ResourceItem key={route.path} name={route.target.resource} />
            ) : (
              <RaMenu.Item
                key={route.path}
                to={route.path}
                primaryText={translate(route.menu?.label ?? route.path)}
                leftIcon={<ListIcon />}
              />
            ),
          )}
        </Fragment>
      ))}
    </RaMenu>
  );
};
