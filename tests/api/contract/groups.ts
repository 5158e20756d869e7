import type { ResourceDefinition } from '../../../resources/schema';

/**
 * Which contract test file covers which services: each file is one server, and Vitest runs files in
 * parallel. A service not named here (a new one) falls into the first file, so every definition is
 * covered by exactly one of them.
 */
const SPLIT: Record<string, 'wfm' | 'warehouse'> = { wfm: 'wfm', warehouse: 'warehouse' };

export const contractGroup =
  (group: 'main' | 'wfm' | 'warehouse') =>
  (def: ResourceDefinition): boolean =>
    (SPLIT[def.service] ?? 'main') === group;
