import type { Action, ResourceDefinition, Role } from './resource';

/**
 * The one access policy: the SPA's `canAccess`, menus and routes and the services' checks all ask it.
 * Record-level rules (a technician's own activities) are applied by the services on top of it.
 */
export function canAccess(roles: readonly string[], def: Pick<ResourceDefinition, 'access'>, action: Action): boolean {
  return def.access[action].some((role: Role) => roles.includes(role));
}
