import ListIcon from '@mui/icons-material/ViewList';
import { Box, ListSubheader } from '@mui/material';
import { useDeferredValue, useId, useMemo, type ReactNode } from 'react';
import { Menu as RaMenu, useGetIdentity, useSidebarState, useTranslate } from 'react-admin';
import type { CurrentUser } from '../../auth/claims';
import { useAppState } from '../state';
import { useRegisteredRoutes } from '../useRoutes';
import { menuGroups } from './menuGroups';

/**
 * One module's entries. The menu is an ARIA menu (react-admin's MenuList), whose children may only be
 * menu items or groups: a heading as a bare list item breaks it for screen readers (axe:
 * aria-required-children, listitem; docs/spa.md#accessibility). So each module is a `group` named by
 * its visible heading, or by an aria-label while the sidebar is collapsed and the heading hidden.
 */
const MenuGroup = ({ label, open, children }: { label: string; open: boolean; children: ReactNode }) => {
  const headingId = useId();
  return (
    <Box role="group" aria-labelledby={open ? headingId : undefined} aria-label={open ? undefined : label}>
      {open ? (
        <ListSubheader id={headingId} component="div" disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.5 }}>
          {label}
        </ListSubheader>
      ) : null}
      {children}
    </Box>
  );
};

const NO_GROUPS: ReturnType<typeof menuGroups> = [];

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
  const groups = useMemo(
    () => menuGroups(routes, config.microservices, definitions, (identity ?? null) as CurrentUser | null),
    [routes, config.microservices, definitions, identity],
  );
  // The page comes first: the menu's entries (dozens for an administrator) render just after it, in a
  // render React interrupts for the page's data, so they never delay the first rows (docs/spa.md#boot).
  const shown = useDeferredValue(groups, NO_GROUPS);
  return (
    <RaMenu>
      <RaMenu.DashboardItem primaryText={translate('app.menu.dashboard')} />
      {shown.map(({ service, entries }) => (
        <MenuGroup
          key={service.id}
          label={translate(`app.menu.groups.${service.id}`, { _: service.alias })}
          open={open}
        >
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
        </MenuGroup>
      ))}
    </RaMenu>
  );
};
