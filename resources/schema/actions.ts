import { z } from 'zod';
import type { ActionMap, Fields, ResourceAction, ResourceDefinition } from './resource';

type Row = Record<string, unknown>;

/**
 * The body of a lifecycle action: the `version` the client read and the action's input fields, required
 * ones present, optional ones defaulting to null, nothing else. The service and the SPA's dialog both
 * validate with it.
 */
export function actionInputSchema(input: Fields = {}): z.ZodType<Row & { version: number }> {
  const shape: Record<string, z.ZodType> = { version: z.number().int().min(1) };
  for (const [name, field] of Object.entries(input)) {
    shape[name] = field.required
      ? field.schema
      : field.schema
          .nullable()
          .optional()
          .transform((v) => (v === undefined ? (field.default ?? null) : v));
  }
  return z.object(shape).strict() as unknown as z.ZodType<Row & { version: number }>;
}

/** The field an action moves: `status` unless it names another. */
export const actionField = (action: ResourceAction): string => action.field ?? 'status';

/**
 * The first of the action's `when` conditions the record does not meet (field and its value), if any: the
 * action is not offered, and refused, while it holds.
 */
export function unmetCondition(action: ResourceAction, record: Row): { field: string; value: unknown } | undefined {
  for (const [field, allowed] of Object.entries(action.when ?? {}))
    if (!(allowed as readonly unknown[] | undefined)?.includes(record[field])) return { field, value: record[field] };
  return undefined;
}

/** Whether one of the roles may run the action (the record's state aside). */
export function mayRunAction(roles: readonly string[], action: ResourceAction): boolean {
  return action.roles.some((role) => roles.includes(role));
}

/** The actions the roles may run on the record as it is now, in declaration order. */
export function availableActions(
  def: Pick<ResourceDefinition, 'actions'>,
  record: Row,
  roles: readonly string[],
): [string, ResourceAction][] {
  return Object.entries((def.actions ?? {}) as ActionMap).filter(
    ([, action]) =>
      mayRunAction(roles, action) &&
      (action.from as readonly unknown[]).includes(record[actionField(action)]) &&
      !unmetCondition(action, record),
  );
}

/**
 * The record an action made, as its answer names it through `opens`: the reference's id, or the last id
 * of a references field (the credit note just appended to `creditNoteIds`). Undefined when it opens none.
 */
export function openedBy(def: Pick<ResourceDefinition, 'fields'>, action: ResourceAction, answer: Row | undefined) {
  const name = action.opens;
  const target = name !== undefined && Object.hasOwn(def.fields, name) ? def.fields[name].reference : undefined;
  if (!name || !target || !answer) return undefined;
  const value = answer[name];
  const id = Array.isArray(value) ? value.at(-1) : value;
  return typeof id === 'string' ? { resource: target, id } : undefined;
}
