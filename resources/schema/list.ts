import type { ResourceDefinition, SystemField } from './resource';
import { SYSTEM_FIELD_CAPS } from './resource';

/**
 * The list contract's limits (docs/wire-contract.md, "Lists"), read by the services' query checks and
 * the SPA's data providers alike.
 */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;
/**
 * The deepest row a page may start at (page * pageSize). Deep offsets cost a scan of every skipped
 * row; nobody pages this far by hand, and a filter or a sort finds what paging would not.
 */
export const MAX_OFFSET = 100_000;
/**
 * Values of one `in` (or `between`) filter. The services refuse more (400); the SPA's data provider
 * asks for longer id lists (getMany) in batches of this size, so both halves read this one number.
 */
export const MAX_FILTER_VALUES = 50;

/**
 * Counts in one `POST /{service}/api/counts` (docs/wire-contract.md#counts): a screen's figures, not a scan of
 * every resource at once. The SPA's dashboard asks in batches of this size.
 */
export const MAX_COUNT_KEYS = 50;

/** Whether a list may be sorted by `name`: a sortable field that is read back, or a sortable system field. */
export function isSortable(def: Pick<ResourceDefinition, 'fields'> | undefined, name: string): boolean {
  if (def && Object.hasOwn(def.fields, name)) return def.fields[name].sortable && !def.fields[name].writeOnly;
  return Object.hasOwn(SYSTEM_FIELD_CAPS, name) && SYSTEM_FIELD_CAPS[name as SystemField].sortable;
}
