import { lazy } from 'react';

/**
 * The shell pages, each loaded on demand in its own chunk (SPEC.md section 2). The route table maps
 * its screens to these: dashboard, forgot-password, reset-password, profile, notifications.
 */
export const Dashboard = lazy(() => import('./dashboard/Dashboard'));
export const ForgotPasswordPage = lazy(() => import('./password/ForgotPasswordPage'));
export const ResetPasswordPage = lazy(() => import('./password/ResetPasswordPage'));
export const ProfilePage = lazy(() => import('./profile/ProfilePage'));
export const NotificationsPage = lazy(() => import('./notifications/NotificationsPage'));
/** The app bar's bell; lazy too, so the live stream code stays out of the first load. */
export const NotificationsBell = lazy(() => import('./notifications/NotificationsBell'));
