import { useMemo } from 'react';
import { usePermissions } from 'react-admin';
import { readableDefinition, type ResourceDefinition } from '../../resources/schema';

/**
 * The definition as the signed-in user reads it: without the fields their roles may not read
 * (docs/tenancy-and-security.md#private-fields), so generated lists, pages and exports show no empty
 * column for what the services leave out.
 */
export function useReadableDefinition<D extends ResourceDefinition>(def: D): D {
  const { permissions } = usePermissions<string[]>();
  return useMemo(() => readableDefinition(permissions ?? [], def), [permissions, def]);
}
