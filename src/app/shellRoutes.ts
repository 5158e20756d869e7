import type { RouteEntry, ScreenName } from './routes';

/** A custom screen's route; shell screens belong to no module and need no middleware. */
export const screen = (
  path: string,
  name: ScreenName,
  access: RouteEntry['access'] = 'user',
  extra: Partial<RouteEntry> = {},
): RouteEntry => ({ path, access, middleware: [], module: null, target: { screen: name }, ...extra });

/**
 * The unguarded routes of SPEC.md section 2 (the first part of the route table, src/app/routes.ts).
 * Apart because the app needs them before the rest of the table arrives with the definitions.
 */
export const SHELL_ROUTES: readonly RouteEntry[] = [
  screen('/', 'dashboard'),
  screen('/login', 'login', 'guest'),
  screen('/forgot-password', 'forgot-password', 'public'),
  screen('/reset-password', 'reset-password', 'public'),
  screen('/notifications', 'notifications'),
  screen('/profile', 'profile'),
];

/** The routes before the definitions arrive: the shell screens this build has (the login page first of all). */
export const shellRoutesFor = ({ screens }: { screens: ReadonlySet<string> }): RouteEntry[] =>
  SHELL_ROUTES.filter((route) => 'screen' in route.target && screens.has(route.target.screen));
