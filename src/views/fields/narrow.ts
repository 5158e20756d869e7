import { useWatch } from 'react-hook-form';
import type { FieldSpec } from './types';

/**
 * The filter a reference input of a form applies to its choices, from the definition's `narrowBy` and
 * the values the form holds now (the sites of the chosen customer), within the targets the field may name
 * at all (`only`: the skills, not the tags).
 * Only for edit and create forms: list filters offer every record.
 */
export function useNarrowing(spec: FieldSpec): Record<string, unknown> {
  const narrowBy = spec.field.narrowBy ?? {};
  const values = useWatch({ name: Object.values(narrowBy) }) as unknown[];
  const filter: Record<string, unknown> = { ...spec.field.only };
  Object.keys(narrowBy).forEach((targetField, i) => {
    const value = values[i];
    if (value !== undefined && value !== null && value !== '') filter[targetField] = value;
  });
  return filter;
}
