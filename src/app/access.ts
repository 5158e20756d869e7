import { useMemo } from 'react';
import { accessDecider, currentUser } from '../auth/authProvider';
import { findResource, serviceUrl } from './services';
import { tokens } from './session';
import { useAppState } from './state';

/**
 * authProvider.canAccess without the wait (docs/spa.md#access-from-the-session): the token's roles and
 * the loaded definitions and tenant config decide, synchronously.
 */
export const mayAccess = accessDecider({
  tokens,
  findResource,
  isServiceEnabled: (service) => serviceUrl(service) !== undefined,
});

/**
 * Access decided while a page renders, with no query to wait for, so a list asks for its rows in its
 * first render. react-admin's useCanAccess and usePermissions answer the same through a query, one
 * render later.
 */
export function useMayAccess(resource: string, action: string): boolean {
  // Re-read when the tenant's state changes (another login, a module enabled or not).
  useAppState();
  return mayAccess(resource, action);
}

/** The session's roles (from the token's claims), the same array while they do not change. */
export function useSessionRoles(): readonly string[] {
  const key = (currentUser(tokens)?.roles ?? []).join(' ');
  return useMemo(() => (key ? key.split(' ') : []), [key]);
}
