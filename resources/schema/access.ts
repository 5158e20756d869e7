import type { Action, ResourceDefinition, Role } from './resource';

/**
 * The one access policy: the SPA's `canAccess`, menus and routes and the services' checks all ask it.
 * Record-level rules (a technician's own activities) are applied by the services on top of it.
 */
export function canAccess(roles: readonly string[], def: Pick<ResourceDefinition, 'access'>, action: Action): boolean {
  return def.access[action].some((role: Role) => roles.includes(role));
}

/**
 * The fields of `def` the roles may not read (docs/tenancy-and-security.md#private-fields): the
 * definition's private fields for anyone but administrators; none for the seed and jobs (no roles).
 * On their own record (`privateFields.ownRecord`) a user reads them all: `readsPrivateFields`.
 */
export function hiddenFields(
  roles: readonly string[] | undefined,
  def: Pick<ResourceDefinition, 'privateFields'>,
): readonly string[] {
  if (!roles || roles.includes('ROLE_ADMIN' satisfies Role)) return [];
  return def.privateFields?.fields ?? [];
}

/** Whether the record is the user's own (its `ownRecord` field names them), so they read every field. */
export function isOwnRecord(
  userId: string | undefined,
  def: Pick<ResourceDefinition, 'privateFields'>,
  record: Readonly<Record<string, unknown>>,
): boolean {
  const owner = def.privateFields?.ownRecord;
  return owner !== undefined && userId !== undefined && record[owner] === userId;
}

/**
 * The definition as the roles read it: without the fields they may not read, in its fields and its
 * views (list columns, filters, form sections), so the SPA's generated lists, pages and exports offer
 * no empty column for them. The same declaration the services enforce; the definition itself when
 * nothing is hidden.
 */
export function readableDefinition<D extends ResourceDefinition>(roles: readonly string[], def: D): D {
  const hidden = hiddenFields(roles, def);
  if (hidden.length === 0) return def;
  const keep = (name: string) => !hidden.includes(name);
  const { list, form } = def.views;
  return {
    ...def,
    fields: Object.fromEntries(Object.entries(def.fields).filter(([name]) => keep(name))),
    views: {
      list: { ...list, columns: list.columns.filter(keep), filters: list.filters?.filter(keep) },
      form: {
        sections: form.sections
          .map((section) => ({ ...section, fields: section.fields.filter(keep) }))
          .filter((section) => section.fields.length > 0),
      },
    },
  };
}
