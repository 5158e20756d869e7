import type { ResourceDefinition } from '../../../resources/schema';

/**
 * Which contract test file covers which services: each file is one server, and Vitest runs files in
 * parallel. A service not named here (a new one) falls into the first file, so every definition is
 * covered by exactly one of them.
 */
const SPLIT: Record<string, 'wfm' | 'warehouse'> = { wfm: 'wfm', warehouse: 'warehouse' };

/**
 * Resources a record of which exists only after another record's lifecycle action, which the generic
 * create-from-samples cannot do: a payment is recorded against an issued invoice. Their own API tests cover
 * the same ground (tests/api/sales-payments-flow.test.ts: create, bad input, amounts, other tenant, delete).
 */
const OWN_SUITE = new Set(['sales/payments']);

export const contractGroup =
  (group: 'main' | 'wfm' | 'warehouse') =>
  (def: ResourceDefinition): boolean =>
    !OWN_SUITE.has(def.name) && (SPLIT[def.service] ?? 'main') === group;
