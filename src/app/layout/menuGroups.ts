import type { ResourceDefinition } from '../../../resources/schema';
import { canAccess } from '../../../resources/schema/access';
import type { CurrentUser } from '../../auth/claims';
import type { Microservice } from '../config';
import { admits } from '../navigation/middleware';
import type { RouteEntry } from '../manifest';

export interface MenuGroup {
  service: Microservice;
  entries: RouteEntry[];
}

/**
 * The menu, grouped by module (the enabled microservices shown in the context menu, in the config's
 * order): the registered routes' menu entries whose middleware admits the user and, for a resource
 * list, whose definition lets the user list. `routes` are already those of enabled modules.
 */
export function menuGroups(
  routes: readonly RouteEntry[],
  microservices: readonly Microservice[],
  definitions: readonly Pick<ResourceDefinition, 'name' | 'access'>[],
  user: Pick<CurrentUser, 'kind' | 'roles'> | null,
): MenuGroup[] {
  if (!user) return [];
  const visible = routes.filter((route) => {
    if (!route.menu || !admits(route.middleware, user as CurrentUser)) return false;
    const { target } = route;
    if (!('resource' in target)) return true;
    const def = definitions.find((d) => d.name === target.resource);
    return def !== undefined && canAccess(user.roles, def, 'list');
  });
  return microservices
    .filter((service) => service.enabled && service.showInContextMenu)
    .map((service) => ({ service, entries: visible.filter((route) => route.module === service.id) }))
    .filter((group) => group.entries.length > 0);
}
