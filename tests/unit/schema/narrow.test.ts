import { describe, expect, it } from 'vitest';
import { findResource, resources } from '../../../resources/index';

// `narrowBy` on a reference names a field of the target (filterable with eq, which forms use) and a field
// of the record itself, of the same target: a typo would silently offer every record again.
const narrowed = resources.flatMap((def) =>
  Object.entries(def.fields)
    .filter(([, field]) => field.narrowBy)
    .map(([name, field]) => [`${def.name}.${name}`, def, field] as const),
);

describe('narrowBy of reference fields', () => {
  it('is used where the services pair a site with its customer and a machine with its site', () => {
    expect(narrowed.map(([name]) => name)).toEqual(
      expect.arrayContaining(['ticketing/requests.siteId', 'ticketing/requests.machineIds', 'wfm/activities.siteId']),
    );
  });

  it.each(narrowed)('%s names real fields on both sides', (_name, def, field) => {
    const target = findResource(field.reference!)!;
    expect(target).toBeDefined();
    for (const [targetField, ownField] of Object.entries(field.narrowBy!)) {
      expect(target.fields[targetField]?.filter, `${target.name}.${targetField}`).toContain('eq');
      const own = def.fields[ownField];
      expect(own?.kind, `${def.name}.${ownField}`).toBe('reference');
      expect(own.reference).toBe(target.fields[targetField].reference);
    }
  });
});
