import type { ResourceDefinition } from '../../../resources/schema';

/** How many columns after the representation a card shows: what fits in two lines of a phone. */
const SECONDARY_COLUMNS = 3;

/**
 * Which list columns a phone card shows (docs/spa.md#phone-layout): primary is the record's
 * representation, secondary the next columns that are not part of it, tertiary the status.
 */
export function cardColumns(def: ResourceDefinition, columns: readonly string[]) {
  const represented = new Set(def.recordRepresentation);
  const tertiary = columns.includes('status') ? 'status' : undefined;
  const secondary = columns.filter((name) => !represented.has(name) && name !== tertiary).slice(0, SECONDARY_COLUMNS);
  return { secondary, tertiary };
}
