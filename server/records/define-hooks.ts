import type { Fields, RecordInput, SystemValues } from '../../resources/schema';
import type { HookContext, ResourceHooks, Row, Scope } from './hooks';

/**
 * The typed layer services write their behaviour in (docs/architecture.md, "Hooks"): `defineHooks`
 * takes a definition and hooks whose values, stored records, patches, action names and action input
 * are typed by that definition, so a renamed field or action fails the type check instead of
 * silently losing behaviour. It returns the engine's loose runtime contract (ResourceHooks).
 */

/** What `defineHooks` needs of a definition: its fields and (optionally) its actions. */
interface HookedDefinition {
  name: string;
  fields: Fields;
  actions?: Readonly<Record<string, { from: readonly unknown[]; input?: Fields }>>;
}

type FieldsOf<D> = D extends { fields: infer F extends Fields } ? F : never;
type ActionsOf<D> = D extends { actions: infer A } ? (A extends object ? A : never) : never;
type InputOf<A> = A extends { input: infer I extends Fields } ? RecordInput<I> : Record<never, never>;

/** Values of a create, or the changes of an update: any of the definition's fields. */
export type ValuesOf<D> = Partial<RecordInput<FieldsOf<D>>>;
/** A stored record of the definition: every field and the system values. */
export type StoredOf<D> = RecordInput<FieldsOf<D>> & SystemValues;
/** A field name of the definition. */
export type FieldOf<D> = keyof FieldsOf<D> & string;

/** Before an action writes (its status, input and stamps are set): guards, or more values to write. */
export interface ActionHooks<D, I> {
  before?(ctx: HookContext, stored: StoredOf<D>, input: I): Promise<ValuesOf<D> | void>;
  /** After the action wrote, in its transaction: side effects, or a problem that refuses it all. */
  after?(ctx: HookContext, record: StoredOf<D>, input: I, previous: StoredOf<D>): Promise<void>;
  /** A refused action (the record moved on): whether it is a retry of the request that moved it (see ResourceHooks). */
  replay?(ctx: HookContext, current: StoredOf<D>, input: I, version: number): Promise<boolean>;
}

export interface TypedHooks<D> {
  /** Record-level access on top of the definition's roles (see ResourceHooks.scope). */
  scope?(ctx: HookContext): Promise<Scope | undefined> | Scope | undefined;
  beforeCreate?(ctx: HookContext, values: ValuesOf<D>): Promise<ValuesOf<D> | void>;
  afterCreate?(ctx: HookContext, record: StoredOf<D>): Promise<void>;
  beforeUpdate?(ctx: HookContext, changes: ValuesOf<D>, stored: StoredOf<D>): Promise<ValuesOf<D> | void>;
  afterUpdate?(ctx: HookContext, record: StoredOf<D>, previous: StoredOf<D>): Promise<void>;
  beforeDelete?(ctx: HookContext, stored: StoredOf<D>): Promise<void>;
  afterDelete?(ctx: HookContext, record: StoredOf<D>): Promise<void>;
  /** By action name: only the definition's actions. */
  actions?: { [A in keyof ActionsOf<D>]?: ActionHooks<D, InputOf<ActionsOf<D>[A]>> };
}

// A returned patch is inferred, and TypeScript does not check inferred return types for unknown
// properties: these types do, naming the first unknown field in the error.
type Returned<F> = F extends (...args: never[]) => infer R ? Exclude<Awaited<R>, void | undefined> : never;
type Unknown<F, D> = Exclude<keyof Returned<F>, FieldOf<D>>;
type Checked<F, D> = [Unknown<F, D>] extends [never]
  ? F
  : string extends Unknown<F, D>
    ? F // a loose Row: not checkable by name
    : `unknown field ${Unknown<F, D> & string}`;
type CheckedActions<T, D> = {
  [A in keyof T]: A extends keyof ActionsOf<D>
    ? { [K in keyof T[A]]: K extends 'before' ? Checked<T[A][K], D> : T[A][K] }
    : `unknown action ${A & string}`;
};
type CheckedHooks<T, D> = {
  [K in keyof T]: K extends 'actions'
    ? CheckedActions<T[K], D>
    : K extends 'beforeCreate' | 'beforeUpdate'
      ? Checked<T[K], D>
      : T[K];
};

/**
 * Hooks of one definition, typed by it. A hook may return a patch of the definition's fields; action
 * hooks are keyed by the definition's action names and receive the action's typed input.
 */
export function defineHooks<D extends HookedDefinition, const T extends TypedHooks<D>>(
  def: D,
  hooks: T & CheckedHooks<T, D>,
): ResourceHooks {
  // The engine's contract is loose (any definition): the typed signatures above are what callers meet.
  const typed = hooks as unknown as TypedHooks<HookedDefinition> & {
    actions?: Record<string, ActionHooks<HookedDefinition, Row> | undefined>;
  };
  const loose = typed as unknown as ResourceHooks;
  const actions = typed.actions ?? {};
  for (const name of Object.keys(actions))
    if (!Object.hasOwn(def.actions ?? {}, name)) throw new Error(`Hooks of ${def.name}: no action ${name}`);
  return {
    scope: loose.scope,
    beforeCreate: loose.beforeCreate,
    afterCreate: loose.afterCreate,
    beforeUpdate: loose.beforeUpdate,
    afterUpdate: loose.afterUpdate,
    beforeDelete: loose.beforeDelete,
    afterDelete: loose.afterDelete,
    ...(Object.keys(actions).length === 0
      ? {}
      : {
          beforeAction: async (ctx, action, stored, input) =>
            (await actions[action]?.before?.(ctx, stored as never, input)) ?? undefined,
          onAction: async (ctx, action, record, input, previous) =>
            actions[action]?.after?.(ctx, record as never, input, previous as never),
          replayAction: async (ctx, action, current, input, version) =>
            (await actions[action]?.replay?.(ctx, current as never, input, version)) ? current : undefined,
        }),
  };
}
