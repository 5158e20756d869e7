import PersonIcon from '@mui/icons-material/Person';
import { Box, Typography } from '@mui/material';
import { Suspense } from 'react';
import {
  LoadingIndicator,
  LocalesMenuButton,
  Logout,
  MenuItemLink,
  AppBar as RaAppBar,
  TitlePortal,
  UserMenu,
  useLocales,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { NotificationsBell } from '../../shell';
import { useAppState } from '../state';

/** The user menu's link to /profile; closes the menu on the way. */
const ProfileItem = () => {
  const menu = useUserMenu();
  return (
    <MenuItemLink to="/profile" primaryText="pages.profile.menu" leftIcon={<PersonIcon />} onClick={menu?.onClose} />
  );
};

/** The notifications bell, the language switch (when the tenant offers more than one) and the loading indicator. */
const Toolbar = () => {
  const locales = useLocales();
  const translate = useTranslate();
  return (
    <>
      <Suspense fallback={null}>
        <NotificationsBell />
      </Suspense>
      {locales.length > 1 ? <LocalesMenuButton /> : null}
      {/* Its spinner is a progressbar, which needs a name (axe: aria-progressbar-name); the rest go to it. */}
      <LoadingIndicator aria-label={translate('ra.page.loading')} />
    </>
  );
};

/** The tenant's brand (name, logo) before the page title; the bar's colour is the brand colour via the theme. */
export const AppBar = () => {
  const { config, runtime } = useAppState();
  const { brand } = config;
  return (
    <RaAppBar
      color="primary"
      toolbar={<Toolbar />}
      userMenu={
        <UserMenu>
          <ProfileItem />
          <Logout />
        </UserMenu>
      }
    >
      {brand.logoUrl ? <Box component="img" src={brand.logoUrl} alt="" sx={{ height: 28, mr: 1 }} /> : null}
      <Typography variant="h6" component="span" sx={{ mr: 2, whiteSpace: 'nowrap' }}>
        {brand.name || runtime.appName}
      </Typography>
      {/* The page's title is its one level-one heading (sections are h2): docs/spa.md#accessibility. */}
      {/* A long record name is cut rather than widening the page on a phone (docs/spa.md#phone-layout). */}
      <TitlePortal
        variant="subtitle1"
        component="h1"
        sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      />
    </RaAppBar>
  );
};
