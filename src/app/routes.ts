import type { ServiceId } from '../../resources/schema';
import type { MiddlewareName } from './navigation/middleware';
import type { NavigationRoute } from './navigation/pipeline';
import { uuidParams } from './navigation/validation';
import { screen, SHELL_ROUTES } from './shellRoutes';

/** Custom screens (src/app/screens.tsx gives each its lazily loaded component). */
export type ScreenName =
  'dashboard' | 'login' | 'forgot-password' | 'reset-password' | 'profile' | 'notifications' | 'wfm/planner';

/** A generated view of a resource definition (resources/index.ts), by the definition's name. */
export interface ResourceTarget {
  resource: string;
  view: 'list' | 'create' | 'edit' | 'show';
  /** A permanent list filter, e.g. the activities of one status. */
  filter?: Readonly<Record<string, string>>;
}

export interface RouteEntry extends NavigationRoute {
  /** A react-router path. */
  path: string;
  middleware: readonly MiddlewareName[];
  module: ServiceId | null;
  target: ResourceTarget | { screen: ScreenName };
  /** Shown in the menu, under its module; `label` is a catalogue key (a resource list uses its name). */
  menu?: { label?: string };
  /** Set by routesFor: one of the resource's own routes (list, create, :id, :id/show), not a custom one. */
  ownRoute?: boolean;
}

const ADMIN: readonly MiddlewareName[] = ['is-admin'];
const TECHNICIAN: readonly MiddlewareName[] = ['is-technician'];
const byId = uuidParams('id');

/** The definition's name is its route path (ARCHITECTURE.md section 2), its module the service it names. */
function resourceRoutes(
  resource: string,
  module: ServiceId,
  middleware: readonly MiddlewareName[],
  { menu = true }: { menu?: boolean } = {},
): RouteEntry[] {
  const base = { access: 'user', module, middleware } as const;
  return [
    { ...base, path: `/${resource}`, target: { resource, view: 'list' }, ...(menu ? { menu: {} } : {}) },
    { ...base, path: `/${resource}/create`, target: { resource, view: 'create' } },
    { ...base, path: `/${resource}/:id`, target: { resource, view: 'edit' }, validate: byId },
    { ...base, path: `/${resource}/:id/show`, target: { resource, view: 'show' }, validate: byId },
  ];
}

/**
 * The technician area's activity lists (SPEC.md section 2): the activities list filtered by status, at
 * /wfm/activities/<status>. The route segment is kebab-case, the status value camelCase.
 */
export const ACTIVITY_STATUS_ROUTES = [
  { segment: 'assigned', status: 'assigned' },
  { segment: 'completed', status: 'completed' },
  { segment: 'approved', status: 'approved' },
  { segment: 'approved-not-billed', status: 'approvedNotBilled' },
  { segment: 'billed', status: 'billed' },
  { segment: 'closed', status: 'closed' },
] as const;

const activityStatusRoutes: RouteEntry[] = ACTIVITY_STATUS_ROUTES.map(({ segment, status }) => ({
  path: `/wfm/activities/${segment}`,
  access: 'user',
  module: 'wfm',
  middleware: TECHNICIAN,
  target: { resource: 'wfm/activities', view: 'list', filter: { status } },
  menu: { label: `app.menu.activities.${status}` },
}));

/**
 * Every route of SPEC.md section 2 with its guard, in one place. Routes whose definition or screen does
 * not exist are not registered (routesFor); a module the tenant does not enable takes its routes and
 * menu entries away. Where SPEC.md shows no guard (workforce and warehouse), management screens are
 * for administrators and the technician area (its activity lists and details, work reports, periodic
 * tickets) admits technicians and administrators.
 */
export const ROUTES: readonly RouteEntry[] = [
  // Unguarded.
  ...SHELL_ROUTES,

  // Admin-only.
  ...resourceRoutes('address-book/contacts', 'address-book', ADMIN),
  ...resourceRoutes('sales/customers', 'sales', ADMIN),
  ...resourceRoutes('sales/invoices', 'sales', ADMIN),
  ...resourceRoutes('sales/products', 'sales', ADMIN),
  ...resourceRoutes('sales/proformas', 'sales', ADMIN),
  ...resourceRoutes('sales/quotes', 'sales', ADMIN),
  ...resourceRoutes('sales/sites', 'sales', ADMIN),
  ...resourceRoutes('sales/suppliers', 'sales', ADMIN),
  ...resourceRoutes('ticketing/requests', 'ticketing', ADMIN),
  ...resourceRoutes('ticketing/contracts', 'ticketing', ADMIN),
  ...resourceRoutes('users', 'oauth2', ADMIN),

  // Technician area (administrators too).
  ...resourceRoutes('sales/work-reports', 'sales', TECHNICIAN),
  ...resourceRoutes('ticketing/periodic', 'ticketing', TECHNICIAN),

  // Workforce. Activities: the full list and creation are management; the detail and the lists by
  // status are the technician area's.
  ...resourceRoutes('wfm/activities', 'wfm', ADMIN).map((route) =>
    route.validate ? { ...route, middleware: TECHNICIAN } : route,
  ),
  ...activityStatusRoutes,
  {
    path: '/wfm/activities/new',
    access: 'user',
    module: 'wfm',
    middleware: ADMIN,
    target: { resource: 'wfm/activities', view: 'create' },
  },
  ...resourceRoutes('wfm/fgas-activities', 'wfm', ADMIN),
  ...resourceRoutes('wfm/machines', 'wfm', ADMIN),
  screen('/wfm/planner', 'wfm/planner', 'user', {
    module: 'wfm',
    middleware: ADMIN,
    menu: { label: 'app.menu.planner' },
  }),
  ...resourceRoutes('wfm/skills', 'wfm', ADMIN),
  ...resourceRoutes('wfm/technicians', 'wfm', ADMIN),

  // Warehouse.
  ...resourceRoutes('wh/DDT/in', 'warehouse', ADMIN),
  ...resourceRoutes('wh/items', 'warehouse', ADMIN),
  ...resourceRoutes('wh/manufacturers', 'warehouse', ADMIN),
  ...resourceRoutes('wh/movements', 'warehouse', ADMIN),
  ...resourceRoutes('wh/retailers', 'warehouse', ADMIN),
  ...resourceRoutes('wh/stocks', 'warehouse', ADMIN),
  ...resourceRoutes('wh/warehouses', 'warehouse', ADMIN),
  // Locations are reached from their warehouse, not from the menu.
  ...resourceRoutes('wh/warehouses/locations', 'warehouse', ADMIN, { menu: false }),
];

/** What exists in this build: the definitions (by name and service) and the screens that have a component. */
export interface Available {
  definitions: readonly { name: string; service: ServiceId }[];
  screens: ReadonlySet<string>;
}

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
