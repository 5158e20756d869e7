import { SYSTEM_FIELD_CAPS, type ResourceDefinition } from '../../resources/schema';
import type { QueryIssue } from './list-query';

/**
 * How a list answers its total (docs/wire-contract.md#totals):
 * - `estimate` (the default): exact up to a bound past the page, beyond it the planner's estimate, flagged
 *   `totalEstimated: true`, so a list costs the same at any size;
 * - `exact`: always the exact count (exports, a client that prints the number);
 * - `none`: no total at all, `pageInfo.hasNextPage` / `hasPreviousPage` instead (react-admin's partial pagination).
 */
export const TOTAL_MODES = ['estimate', 'exact', 'none'] as const;
export type TotalMode = (typeof TOTAL_MODES)[number];

/** At most this many names in `options[fields]`: a label needs a handful. */
export const MAX_LIST_FIELDS = 30;

export function checkTotalMode(raw: string | undefined, issues: QueryIssue[]): TotalMode {
  if (raw === undefined) return 'estimate';
  if ((TOTAL_MODES as readonly string[]).includes(raw)) return raw as TotalMode;
  issues.push({ param: 'options[total]', message: `options[total] must be one of ${TOTAL_MODES.join(', ')}` });
  return 'estimate';
}

/**
 * `options[fields]=lastName,firstName`: the record fields an answer carries (besides `id`), e.g. the ones a
 * label needs (react-admin's getMany for a reference link). Each must be a field a list reads: a stored
 * field of the definition that is not write-only, or a system field. A private field the actor may not read
 * is accepted and left out exactly as in a full record (docs/tenancy-and-security.md#private-fields).
 */
export function checkFields(
  def: ResourceDefinition,
  raw: string | undefined,
  issues: QueryIssue[],
): string[] | undefined {
  if (raw === undefined) return undefined;
  const names = raw.split(',').map((name) => name.trim());
  const param = 'options[fields]';
  if (names.some((name) => name === '')) {
    issues.push({ param, message: `${param} is a comma-separated list of field names, none empty` });
    return undefined;
  }
  if (names.length > MAX_LIST_FIELDS) {
    issues.push({ param, message: `${param} names at most ${MAX_LIST_FIELDS} fields` });
    return undefined;
  }
  const unknown = names.filter((name) => !isListedField(def, name));
  if (unknown.length > 0) {
    issues.push({ param, message: `Unknown field in ${param}: ${unknown.slice(0, 5).join(', ')}` });
    return undefined;
  }
  return [...new Set(['id', ...names])];
}

function isListedField(def: ResourceDefinition, name: string): boolean {
  if (Object.hasOwn(def.fields, name)) return !def.fields[name].writeOnly;
  return Object.hasOwn(SYSTEM_FIELD_CAPS, name);
}
