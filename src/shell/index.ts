import { lazy, type ComponentType } from 'react';
import { screen, type ModuleManifest } from '../app/manifest';
import { preloadable } from '../app/preloadable';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

/** The login page's chunk; boot starts fetching it at once when nobody is signed in. */
export const loadLoginPage = () => import('./login/LoginPage');
/** The first signed-in page's and the app bar's chunks, fetched while the login page shows (src/app/preload.ts). */
export const loadDashboard = () => import('./dashboard/Dashboard');

/**
 * The shell's pages, which every tenant has whatever its modules: their routes and screens, each loaded
 * on demand in its own chunk (docs/spa.md). Apart from src/modules because the app needs them before
 * the modules arrive with the definitions: the login page first of all.
 */
export const SHELL: ModuleManifest = {
  id: null,
  routes: [
    screen('/', 'dashboard'),
    screen('/login', 'login', 'guest'),
    screen('/forgot-password', 'forgot-password', 'public'),
    screen('/reset-password', 'reset-password', 'public'),
    screen('/notifications', 'notifications'),
    screen('/profile', 'profile'),
  ],
  screens: {
    dashboard: lazy(loadDashboard),
    login: named(loadLoginPage, 'LoginPage'),
    'forgot-password': lazy(() => import('./password/ForgotPasswordPage')),
    'reset-password': lazy(() => import('./password/ResetPasswordPage')),
    profile: lazy(() => import('./profile/ProfilePage')),
    notifications: lazy(() => import('./notifications/NotificationsPage')),
  },
};

/** The app bar's bell; on demand too, so the live stream code stays out of the first load. */
export const NotificationsBell = preloadable(() => import('./notifications/NotificationsBell'));

/** What the navigation pipeline shows instead of a page. */
export const NotFound = named(() => import('./NotFound'), 'NotFound');
export const Maintenance = named(() => import('./Maintenance'), 'Maintenance');
