import { SHELL } from '../shell';
import type { RouteEntry } from './manifest';

/** The shell's routes (src/shell): the app needs them before the rest of the table arrives with the definitions. */
export const SHELL_ROUTES: readonly RouteEntry[] = SHELL.routes;

/** The routes before the definitions arrive: the shell screens this build has (the login page first of all). */
export const shellRoutesFor = ({ screens }: { screens: ReadonlySet<string> }): RouteEntry[] =>
  SHELL_ROUTES.filter((route) => 'screen' in route.target && screens.has(route.target.screen));
