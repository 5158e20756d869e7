import { MODULES } from '../modules';
import { SHELL } from '../shell';
import { ADMIN, resourceRoutes, type Available, type RouteEntry } from './manifest';

export type { Available, ResourceTarget, RouteEntry, ScreenName } from './manifest';

/**
 * The route table: the shell's routes, then each module's (src/modules), every one with its guard.
 * Routes whose definition or screen does not exist are not registered (routesFor); a module the tenant
 * does not enable takes its routes and menu entries away. Management screens are for administrators;
 * the technician area (its activity lists and details, work reports, periodic tickets) admits
 * technicians and administrators (docs/spa.md).
 */
export const ROUTES: readonly RouteEntry[] = [SHELL, ...MODULES].flatMap((manifest) => manifest.routes);

/**
 * The routes to register: the table's entries whose definition or screen exists, plus generated
 * administrator routes for any definition the table does not name (supporting data such as VAT rates
 * or payment terms), so every entity keeps its screens.
 */
export function routesFor({ definitions, screens }: Available, table: readonly RouteEntry[] = ROUTES): RouteEntry[] {
  const names = new Set(definitions.map((d) => d.name));
  const named = new Set(table.flatMap((r) => ('resource' in r.target ? [r.target.resource] : [])));
  const listed = table.filter((r) =>
    'resource' in r.target ? names.has(r.target.resource) : screens.has(r.target.screen),
  );
  const extra = definitions.filter((d) => !named.has(d.name)).flatMap((d) => resourceRoutes(d.name, d.service, ADMIN));
  return [...listed, ...extra].map((route) => ({ ...route, ownRoute: resourceSubPath(route) !== null }));
}

/** Which of its resource's own routes a route is (list, create, edit at :id, show at :id/show), or null. */
export function resourceSubPath(route: RouteEntry): string | null {
  if (!('resource' in route.target) || route.target.filter) return null;
  const { resource, view } = route.target;
  const expected = { list: '', create: '/create', edit: '/:id', show: '/:id/show' }[view];
  return route.path === `/${resource}${expected}` ? view : null;
}
