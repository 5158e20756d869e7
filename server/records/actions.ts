import type { z } from 'zod';
import {
  actionField,
  actionInputSchema,
  describeIssues,
  unmetCondition,
  type ResourceAction,
  type ResourceDefinition,
} from '../../resources/schema';
import { HttpProblem, problems, type ProblemItem } from '../http/errors';
import { invalidFields, renderIssues, translate, type Lang } from '../http/lang';
import { hookContext, type Actor, type ResourceHooks } from './hooks';
import type { Records } from './records';

type Row = Record<string, unknown>;

const schemaCache = new WeakMap<ResourceAction, z.ZodType<Row & { version: number }>>();

function schemaOf(action: ResourceAction) {
  let schema = schemaCache.get(action);
  if (!schema) {
    schema = actionInputSchema(action.input);
    schemaCache.set(action, schema);
  }
  return schema;
}

/** The action of a definition by name, or a 404 naming it. */
export function findAction(def: ResourceDefinition, name: string): ResourceAction {
  const action = Object.hasOwn(def.actions ?? {}, name) ? def.actions![name] : undefined;
  if (!action) throw problems.notFound(`${def.name} has no action ${name}.`);
  return action;
}

function validate(action: ResourceAction, body: unknown, lang: Lang): Row & { version: number } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw problems.validation([], 'The request body must be a JSON object with the version you read.');
  const result = schemaOf(action).safeParse(body);
  if (result.success) return result.data;
  const errors = renderIssues(lang, describeIssues(result.error.issues));
  throw problems.validation(errors, invalidFields(lang, errors));
}

/**
 * Runs a lifecycle action on one record inside the request's transaction: the record is read through
 * the actor's scope (404 when it is out of reach), its status must be one the action starts from
 * (409 naming the current one), the version must be the current one (409); then the action's `stamps` (who and when) are set, `beforeAction` may
 * add values, the status and the input values that are fields of the definition are written like an
 * update (cross-field rules, computed values) and `onAction` runs. The caller has checked the roles.
 */
export async function runAction(
  records: Records,
  hooks: ResourceHooks | undefined,
  actor: Actor,
  id: string,
  name: string,
  body: unknown,
  lang: Lang,
): Promise<Row> {
  const def = records.def;
  const action = findAction(def, name);
  const { version, ...input } = validate(action, body, lang);
  const ctx = hookContext(records.trx, actor, def, lang);
  // A retry of the request that already moved the record answers that record (docs/wire-contract.md#lifecycle-actions).
  const replayed = async (problem: unknown, record?: Row): Promise<Row> => {
    const current = record ?? (await records.get(actor.tenant, id));
    const same = await hooks?.replayAction?.(ctx, name, current, input, version);
    if (same) return same;
    throw problem;
  };
  const stored = await records.get(actor.tenant, id);
  const field = actionField(action);
  const current = stored[field] as string | null;
  if (current === null || !(action.from as readonly string[]).includes(current)) {
    const status = current === null ? '' : translate(lang, `resources.${def.name}.enums.${field}.${current}`);
    const item: ProblemItem = {
      path: field,
      key: 'actions.notFrom',
      params: { action: name, status },
      message: translate(lang, 'actions.notFrom', { action: name, status }),
    };
    return replayed(
      problems.conflict(
        `${name} is not possible while ${field} is ${String(current)}; it starts from ${action.from.join(', ')}.`,
        [item],
      ),
      stored,
    );
  }
  // The action's other conditions (an invoice is sent to the SdI once issued): 409 naming the field.
  const unmet = unmetCondition(action, stored);
  if (unmet) {
    const value = unmet.value === null || unmet.value === undefined ? '' : String(unmet.value);
    const status = value === '' ? '' : translate(lang, `resources.${def.name}.enums.${unmet.field}.${value}`);
    const item: ProblemItem = {
      path: unmet.field,
      key: 'actions.notFrom',
      params: { action: name, status },
      message: translate(lang, 'actions.notFrom', { action: name, status }),
    };
    return replayed(
      problems.conflict(`${name} is not possible while ${unmet.field} is ${value || 'empty'}.`, [item]),
      stored,
    );
  }
  if (version !== stored.version)
    return replayed(
      problems.conflict(
        `The record was changed meanwhile: you sent version ${version}, the current one is ${String(stored.version)}. Reload it and retry.`,
      ),
      stored,
    );
  const changes: Row = { [field]: action.to };
  for (const [key, value] of Object.entries(input)) if (Object.hasOwn(def.fields, key)) changes[key] = value;
  const now = new Date().toISOString();
  for (const [key, stamp] of Object.entries(action.stamps ?? {}))
    changes[key] = stamp === 'now' ? now : stamp === 'actor' ? actor.username : null;
  Object.assign(changes, await hooks?.beforeAction?.(ctx, name, stored, input), { [field]: action.to });
  // A concurrent run of the action may win the write (409, stale version): the loser may be its retry.
  let record: Row;
  try {
    record = await records.write(actor, stored, version, changes, lang);
  } catch (error) {
    if (error instanceof HttpProblem && error.status === 409) return replayed(error);
    throw error;
  }
  await hooks?.onAction?.(ctx, name, record, input, stored);
  return record;
}
