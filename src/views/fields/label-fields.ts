import { useMemo } from 'react';
import { useAppState } from '../../app/state';

/**
 * The query options of a reference link or chip: ask the target's records with only the fields their name
 * reads (`meta.fields`, sent as `options[fields]`, docs/wire-contract.md#totals), when those are known, i.e.
 * the definition's recordRepresentation and no module representation of its own. react-admin keys its
 * getOne cache by meta too, so these partial records never stand in for a whole one on a show or edit page.
 */
export function useLabelQuery(resource: string): { meta: { fields: readonly string[] } } | undefined {
  const { definitions, labelFields } = useAppState();
  const def = definitions.find((d) => d.name === resource);
  const fields = def && labelFields?.(def);
  return useMemo(() => (fields && fields.length > 0 ? { meta: { fields } } : undefined), [fields]);
}
