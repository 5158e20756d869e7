import { z } from 'zod';
import { field, type CommonOptions } from '../field';

/** Keeps the first of equal items (by `key`), in the order given. */
function unique<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export const TAG_MAX_LENGTH = 40;

/** Many-valued kinds. */
export function collectionKinds() {
  return {
    /**
     * Several records of `target` (an activity's technicians): SQL uuid[], a JSON array of ids on the
     * wire, duplicates dropped. The `in` filter means "refers to any of"; `isNull` true means "to none".
     */
    references(
      target: string,
      opts: CommonOptions<string[]> & {
        max?: number;
        narrowBy?: Record<string, string>;
        only?: Record<string, string>;
      } = {},
    ) {
      const { max = 100, narrowBy, only, ...common } = opts;
      const schema = z
        .array(z.uuid().transform((id) => id.toLowerCase()))
        .min(common.required ? 1 : 0)
        .max(max)
        .transform((ids) => unique(ids, (id) => id));
      return field(
        'references',
        schema,
        'uuid[]',
        ['in', 'isNull'],
        { sortable: false, ...common },
        {
          reference: target,
          maxItems: max,
          ...(narrowBy ? { narrowBy } : {}),
          ...(only ? { only } : {}),
        },
      );
    },
    /**
     * Free labels: SQL text[]; each trimmed, at most 40 characters, duplicates (ignoring case) dropped.
     * `in` means "has any of these tags", `contains` "has a tag containing this text".
     */
    tags(opts: CommonOptions<string[]> & { max?: number } = {}) {
      const { max = 30, ...common } = opts;
      const schema = z
        .array(z.string().trim().min(1).max(TAG_MAX_LENGTH))
        .min(common.required ? 1 : 0)
        .max(max)
        .transform((tags) => unique(tags, (tag) => tag.toLowerCase()));
      return field(
        'tags',
        schema,
        'text[]',
        ['in', 'contains', 'isNull'],
        { sortable: false, ...common },
        {
          maxItems: max,
        },
      );
    },
  };
}
