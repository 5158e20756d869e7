import type { ComponentType, LazyExoticComponent } from 'react';
import type { ServiceId } from '../../resources/schema';
import type { ActionLinks, RelatedListProps, ViewComponents } from '../views/overrides';
import type { MiddlewareName } from './navigation/middleware';
import type { NavigationRoute } from './navigation/pipeline';
import { uuidParams } from './navigation/validation';

/**
 * What a module adds to the SPA, exported from its folder's index.ts (src/modules/<module>) and listed
 * in src/modules/index.ts; the shell's pages have one too (src/shell/index.ts). The shell builds its
 * route table, screens, views and dashboard from these (docs/spa.md).
 */
export interface ModuleManifest {
  /** The service whose screens these are: the module of its routes and of its menu group. */
  id: ServiceId | null;
  /**
   * Its routes, in menu order. The entries with `menu` set are its menu entries, shown under the
   * module's group; a route whose definition or screen does not exist is not registered.
   */
  routes: readonly RouteEntry[];
  /** Custom screens by name, each loaded on demand; a route names one in `target.screen`. */
  screens?: Readonly<Record<ScreenName, LazyScreen>>;
  /** Custom views replacing generated ones, by resource name, each loaded on demand. */
  views?: Readonly<Record<string, ViewComponents>>;
  /** Records of other resources listed under a resource's generated show and edit pages, by resource name. */
  related?: Readonly<Record<string, readonly RelatedListProps[]>>;
  /** Lifecycle actions whose button opens a screen instead of the generic dialog, by resource name. */
  actionLinks?: Readonly<Record<string, ActionLinks>>;
  /**
   * How records of a resource are named in page titles, reference links, chips and pickers, by resource
   * name, in place of the definition's `recordRepresentation` (docs/spa.md#record-names).
   */
  represent?: Readonly<Record<string, Representation>>;
  dashboard?: DashboardCards;
}

/**
 * A record's name, translated: `translate` reads the interface's catalogue, `format` writes dates and
 * amounts in its locale. A plain function (no hooks): pickers need a string, not an element.
 */
export type Representation = (
  record: Readonly<Record<string, unknown>>,
  translate: (key: string, options?: Record<string, unknown>) => string,
  format: RepresentFormat,
) => string;

/** Values as the interface's locale writes them: a `YYYY-MM-DD` day, a wire decimal in the tenant's currency. */
export interface RepresentFormat {
  date(value: unknown): string;
  money(value: unknown): string;
}

export type LazyScreen = LazyExoticComponent<ComponentType>;

/** A custom screen's name, unique across the manifests. */
export type ScreenName = string;

/** A generated view of a resource definition (resources/index.ts), by the definition's name. */
export interface ResourceTarget {
  resource: string;
  view: 'list' | 'create' | 'edit' | 'show';
  /** A permanent list filter, e.g. the activities of one status. */
  filter?: Readonly<Record<string, string>>;
  /** The list's default sort when it differs from the definition's (the assigned activities: soonest first). */
  sort?: { field: string; order: 'ASC' | 'DESC' };
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

/** What exists in this build: the definitions (by name and service) and the screens that have a component. */
export interface Available {
  definitions: readonly { name: string; service: ServiceId }[];
  screens: ReadonlySet<string>;
}

/** What the administrator's dashboard counts for a module, when the definitions exist and the user may list them. */
export interface DashboardCards {
  /** Resources whose record count heads the dashboard, in the order shown after the modules listed before. */
  headlines?: readonly string[];
  highlights?: readonly HighlightCard[];
  breakdowns?: readonly BreakdownCard[];
}

/**
 * A number worth a look: the records of `resource` whose enum `field` has one of `values`, or whose
 * boolean `field` is true, or that meet the definition's named filter `preset` (views.list.presets, judged
 * by the service on the day). Dropped when the definition lacks the field, the values, the operator or
 * the preset. Highlights of one `group` share a card titled `pages.dashboard.<group>`.
 */
export type HighlightCard = {
  key: string;
  resource: string;
  /** Position among every module's highlights (lower first). */
  rank: number;
  group?: string;
} & ({ field: string; values: readonly [string, ...string[]] | true } | { preset: string });

/** A chart of the records of `resource` per value of the enum `field`; `period` restricts to a date field's month. */
export interface BreakdownCard {
  key: string;
  resource: string;
  field: string;
  period?: string;
  /** Position among every module's charts (lower first). */
  rank: number;
}

export const ADMIN: readonly MiddlewareName[] = ['is-admin'];
export const TECHNICIAN: readonly MiddlewareName[] = ['is-technician'];
const byId = uuidParams('id');

/**
 * A resource's own routes: the definition's name is its route path, its module the service it names.
 * `show` guards the read-only page when others than `middleware` open it (technicians reading the
 * records their jobs name, which the services scope for them).
 */
export function resourceRoutes(
  resource: string,
  module: ServiceId,
  middleware: readonly MiddlewareName[],
  { menu = true, show = middleware }: { menu?: boolean; show?: readonly MiddlewareName[] } = {},
): RouteEntry[] {
  const base = { access: 'user', module, middleware } as const;
  return [
    { ...base, path: `/${resource}`, target: { resource, view: 'list' }, ...(menu ? { menu: {} } : {}) },
    { ...base, path: `/${resource}/create`, target: { resource, view: 'create' } },
    { ...base, path: `/${resource}/:id`, target: { resource, view: 'edit' }, validate: byId },
    { ...base, middleware: show, path: `/${resource}/:id/show`, target: { resource, view: 'show' }, validate: byId },
  ];
}

/** A custom screen's route; by default a signed-in page of no module, with no middleware. */
export const screen = (
  path: string,
  name: ScreenName,
  access: RouteEntry['access'] = 'user',
  extra: Partial<RouteEntry> = {},
): RouteEntry => ({ path, access, middleware: [], module: null, target: { screen: name }, ...extra });
