import { describe, expect, it } from 'vitest';
import type { Role } from '../../../resources/schema';
import type { Microservice } from '../../../src/app/config';
import { menuGroups } from '../../../src/app/layout/menuGroups';
import { routesFor } from '../../../src/app/routes';
import { userKind } from '../../../src/auth/claims';

const service = (id: string, extra: Partial<Microservice> = {}): Microservice => ({
  id,
  alias: id,
  baseUrl: `/${id}`,
  showInContextMenu: true,
  enabled: true,
  ...extra,
});
const microservices = [
  service('oauth2'),
  service('storage', { showInContextMenu: false }),
  service('address-book'),
  service('wfm'),
  service('sales'),
  service('ticketing'),
];
const everyone: Role[] = ['ROLE_ADMIN', 'ROLE_TECHNICIAN', 'ROLE_USER'];
const access = (list: Role[]) => ({ list, show: list, create: list, edit: list, delete: list });
const definitions = [
  { name: 'address-book/contacts', service: 'address-book' as const, access: access(['ROLE_ADMIN']) },
  { name: 'users', service: 'oauth2' as const, access: access(['ROLE_ADMIN']) },
  { name: 'sales/customers', service: 'sales' as const, access: access(['ROLE_ADMIN']) },
  { name: 'sales/work-reports', service: 'sales' as const, access: access(['ROLE_ADMIN', 'ROLE_TECHNICIAN']) },
  { name: 'ticketing/periodic', service: 'ticketing' as const, access: access(['ROLE_ADMIN', 'ROLE_TECHNICIAN']) },
  { name: 'wfm/activities', service: 'wfm' as const, access: access(everyone) },
];
const routes = routesFor({ definitions, screens: new Set(['dashboard']) });
const user = (role: Role) => ({ roles: [role], kind: userKind([role]) });
const menu = (role: Role, services = microservices) =>
  Object.fromEntries(
    menuGroups(routes, services, definitions, user(role)).map((g) => [g.service.id, g.entries.map((e) => e.path)]),
  );

const technicianArea = ['/wfm/activities/assigned', '/wfm/activities/completed'];
const billingLists = [
  '/wfm/activities/approved',
  '/wfm/activities/approved-not-billed',
  '/wfm/activities/billed',
  '/wfm/activities/closed',
];

describe('menu', () => {
  it('gives a technician the technician area: their work by status (no billing lists), work reports, periodic tickets', () => {
    expect(menu('ROLE_TECHNICIAN')).toEqual({
      wfm: technicianArea,
      sales: ['/sales/work-reports'],
      ticketing: ['/ticketing/periodic'],
    });
  });

  it('gives an administrator every module group, in the order of the config', () => {
    const groups = menu('ROLE_ADMIN');
    expect(Object.keys(groups)).toEqual(['oauth2', 'address-book', 'wfm', 'sales', 'ticketing']);
    expect(groups.wfm).toEqual(['/wfm/activities', ...technicianArea, ...billingLists]);
    expect(groups.sales).toEqual(['/sales/customers', '/sales/work-reports']);
  });

  it('gives a regular user no module entries', () => {
    expect(menu('ROLE_USER')).toEqual({});
  });

  it('drops the entries of a disabled module', () => {
    const disabled = microservices.map((s) => (s.id === 'sales' ? { ...s, enabled: false } : s));
    expect(menu('ROLE_ADMIN', disabled)).not.toHaveProperty('sales');
  });
});
