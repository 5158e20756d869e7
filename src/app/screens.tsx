import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Dashboard, ForgotPasswordPage, NotificationsPage, ProfilePage, ResetPasswordPage } from '../pages';
import type { ScreenName } from './routes';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

/** The login page's chunk; boot starts fetching it at once when nobody is signed in. */
export const loadLoginPage = () => import('../pages/login/LoginPage');

/**
 * The custom screens of the route table, each loaded on demand (SPEC.md section 2). A screen missing
 * here (a module screen not written yet) leaves its route unregistered.
 */
export const SCREENS: Partial<Record<ScreenName, LazyExoticComponent<ComponentType>>> = {
  dashboard: Dashboard,
  login: named(loadLoginPage, 'LoginPage'),
  'forgot-password': ForgotPasswordPage,
  'reset-password': ResetPasswordPage,
  profile: ProfilePage,
  notifications: NotificationsPage,
};

/** What the navigation pipeline shows instead of a page. */
export const NotFound = named(() => import('../pages/NotFound'), 'NotFound');
export const Maintenance = named(() => import('../pages/Maintenance'), 'Maintenance');
