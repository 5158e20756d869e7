import { useMemo } from 'react';
import { readableDefinition, type ResourceDefinition } from '../../resources/schema';
import { useSessionRoles } from '../app/access';

/**
 * The definition as the signed-in user reads it: without the fields their roles may not read
 * (docs/tenancy-and-security.md#private-fields), so generated lists, pages and exports show no empty
 * column for what the services leave out.
 */
export function useReadableDefinition<D extends ResourceDefinition>(def: D): D {
  // The session's roles, at once: a query's answer would draw the page twice (docs/spa.md#access-from-the-session).
  const roles = useSessionRoles();
  return useMemo(() => readableDefinition(roles, def), [roles, def]);
}
