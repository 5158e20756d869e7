import { describe, expect, it } from 'vitest';
import { resources } from '../../../resources';
import { resolveMiddleware } from '../../../src/app/navigation/middleware';
import { ROUTES, resourceSubPath, routesFor, type RouteEntry } from '../../../src/app/routes';

const ID = '0b0a5a7e-58a4-4c8e-9d0a-3f4d2c1b0a99';
const byPath = (path: string, table: readonly RouteEntry[] = ROUTES) => {
  const found = table.find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

const ADMIN_ONLY = {
  'address-book': ['/address-book/contacts'],
  sales: ['customers', 'invoices', 'products', 'proformas', 'quotes', 'sites', 'suppliers'].map((s) => `/sales/${s}`),
  ticketing: ['/ticketing/requests', '/ticketing/contracts'],
  oauth2: ['/users'],
};

describe('route table (docs/spa.md#route-table)', () => {
  it('has every admin-only list and detail, guarded by is-admin, in its module', () => {
    for (const [module, paths] of Object.entries(ADMIN_ONLY)) {
      for (const path of paths.flatMap((p) => [p, `${p}/:id`])) {
        expect(byPath(path), path).toMatchObject({ access: 'user', middleware: ['is-admin'], module });
      }
    }
  });

  it('has the technician routes, guarded by is-technician (which admits administrators)', () => {
    for (const path of [
      '/sales/work-reports',
      '/sales/work-reports/:id',
      '/ticketing/periodic',
      '/wfm/activities/:id',
    ]) {
      expect(byPath(path).middleware, path).toEqual(['is-technician']);
    }
  });

  it('has the activity lists by status at /wfm/activities/<status>, each the list filtered by that status', () => {
    const statuses = {
      assigned: 'assigned',
      completed: 'completed',
      approved: 'approved',
      'approved-not-billed': 'approvedNotBilled',
      billed: 'billed',
      closed: 'closed',
    };
    const office = new Set(['approved', 'approved-not-billed', 'billed', 'closed']);
    for (const [segment, status] of Object.entries(statuses)) {
      expect(byPath(`/wfm/activities/${segment}`)).toMatchObject({
        // The billing lists are the office's; technicians keep the lists of their own work.
        middleware: office.has(segment) ? ['is-admin'] : ['is-technician'],
        module: 'wfm',
        target: { resource: 'wfm/activities', view: 'list', filter: { status } },
        menu: { label: `app.menu.activities.${status}` },
      });
    }
  });

  it('leaves the shell pages unguarded: login and forgot password without a session', () => {
    for (const path of ['/', '/notifications', '/profile'])
      expect(byPath(path)).toMatchObject({ access: 'user', middleware: [] });
    expect(byPath('/login').access).toBe('guest');
    expect(byPath('/forgot-password').access).toBe('public');
    expect(byPath('/reset-password').access).toBe('public');
  });

  it('has the workforce and warehouse routes', () => {
    const paths = [
      '/wfm/activities',
      '/wfm/activities/new',
      '/wfm/fgas-activities',
      '/wfm/fgas-activities/:id',
      '/wfm/machines',
      '/wfm/planner',
      '/wfm/skills',
      '/wfm/technicians',
      '/wfm/technicians/:id',
      '/wh/DDT/in',
      '/wh/DDT/in/:id',
      '/wh/items',
      '/wh/items/:id',
      '/wh/manufacturers',
      '/wh/movements',
      '/wh/retailers',
      '/wh/stocks',
      '/wh/warehouses',
      '/wh/warehouses/:id',
      '/wh/warehouses/locations/:id',
    ];
    for (const path of paths) expect(byPath(path).module, path).toMatch(/^(wfm|warehouse)$/);
    expect(byPath('/wfm/activities/new').target).toEqual({ resource: 'wfm/activities', view: 'create' });
  });

  it('names only registered middleware, and validates every :id as a UUID', () => {
    for (const route of ROUTES) {
      route.middleware.forEach((name) => expect(() => resolveMiddleware(name)).not.toThrow());
      if (route.path.includes(':id')) {
        expect(route.validate?.({ id: ID }), route.path).toBe(true);
        expect(route.validate?.({ id: 'nope' }), route.path).toBe(false);
      }
    }
  });

  it('puts each resource route in the module of the service its definition names', () => {
    for (const route of routesFor({ definitions: resources, screens: new Set() })) {
      if (!('resource' in route.target)) continue;
      const { resource } = route.target;
      expect(route.module, route.path).toBe(resources.find((d) => d.name === resource)!.service);
    }
  });
});

describe('registered routes', () => {
  const definitions = [
    { name: 'sales/customers', service: 'sales' as const },
    { name: 'sales/vat-rates', service: 'sales' as const },
  ];

  it('registers only the routes whose definition or screen exists', () => {
    const routes = routesFor({ definitions, screens: new Set(['dashboard', 'login']) });
    const paths = routes.map((r) => r.path);
    expect(paths).toContain('/sales/customers');
    expect(paths).toContain('/');
    expect(paths).not.toContain('/sales/invoices');
    expect(paths).not.toContain('/wfm/planner');
    expect(paths).not.toContain('/profile');
  });

  it('gives a definition the table does not name administrator routes of its own', () => {
    const routes = routesFor({ definitions, screens: new Set() }).filter(
      (r) => 'resource' in r.target && r.target.resource === 'sales/vat-rates',
    );
    expect(routes.map((r) => [r.path, r.middleware])).toEqual([
      ['/sales/vat-rates', ['is-admin']],
      ['/sales/vat-rates/create', ['is-admin']],
      ['/sales/vat-rates/:id', ['is-admin']],
      ['/sales/vat-rates/:id/show', ['is-admin']],
    ]);
  });

  it("tells a resource's own routes from the custom ones", () => {
    expect(resourceSubPath(byPath('/sales/customers'))).toBe('list');
    expect(resourceSubPath(byPath('/sales/customers/:id'))).toBe('edit');
    expect(resourceSubPath(byPath('/sales/customers/:id/show'))).toBe('show');
    expect(resourceSubPath(byPath('/sales/customers/create'))).toBe('create');
    expect(resourceSubPath(byPath('/wfm/activities/new'))).toBeNull();
    expect(resourceSubPath(byPath('/wfm/activities/assigned'))).toBeNull();
    expect(resourceSubPath(byPath('/profile'))).toBeNull();
  });
});
