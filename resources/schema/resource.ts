import { z } from 'zod';
import type { Field, FieldValue, FilterOperator } from './field';
import { checkLock, type EditableWhile } from './locks';
import type { Preset } from './presets';
import { checkLineFills } from './line-fill';

export const ROLES = ['ROLE_ADMIN', 'ROLE_TECHNICIAN', 'ROLE_USER'] as const;
export type Role = (typeof ROLES)[number];

export const SERVICES = [
  'oauth2',
  'storage',
  'notifications',
  'wfm',
  'warehouse',
  'sales',
  'ticketing',
  'address-book',
  'export',
] as const;
export type ServiceId = (typeof SERVICES)[number];

export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete';
export type Access = Record<Action, readonly Role[]>;

export type Fields = Record<string, Field>;

/**
 * A cross-field rule: returns the issues of a whole (merged) record. Declared through a method so its
 * parameter is bivariant on purpose: a definition's rules are typed by its own record, and the
 * definition must still be assignable to the base `ResourceDefinition` the registry holds (the
 * engine only ever calls a rule with a record of its own definition).
 */
export type Rule<R> = {
  check(record: R): { path: string; message: string; params?: Record<string, string | number> }[];
}['check'];

/**
 * The types below take the union of field names (`K`), not the fields: a list of some names is a list
 * of strings (covariant), whereas `keyof F` would make every specific definition unassignable to the
 * base `ResourceDefinition` the registry holds.
 */
export type FieldName<F extends Fields> = keyof F & string;

export interface ListView<K extends string = string> {
  columns: readonly K[];
  sort: { field: K | SystemField; order: 'ASC' | 'DESC' };
  /** Filters shown in the list's filter bar; `q` is the free-text search. */
  filters?: readonly (K | 'q')[];
  /**
   * Named filters evaluated by the service on the day of the request (`overdue`: a date before today),
   * sent as `filters[i][field]=<name>&filters[i][operator]=eq&filters[i][value]=true` (presets.ts).
   */
  presets?: Readonly<Record<string, Preset<K>>>;
}

export interface FormSection<K extends string = string> {
  id: string;
  fields: readonly K[];
}

/** The values of the definition's enum fields: an action moves `status` or another enum (`field`). */
type EnumValue<F extends Fields> = {
  [N in keyof F]: F[N] extends Field<infer T, 'enum'> ? T & string : never;
}[keyof F];
/** The value of the field an action moves (checked against that very field when the definition is declared). */
type StatusValue<F extends Fields> = [EnumValue<F>] extends [never] ? string : EnumValue<F>;

/**
 * A lifecycle transition served at `POST {service}/api/{endpoint}/{id}/actions/{action}`: allowed to
 * `roles`, from a record whose `field` (default `status`, an enum) is one of `from`, it sets `to`. `input`
 * are the values the action takes, validated like a body (required ones must be sent); each one that is
 * also a field of the definition is written to the record, the others only reach `onAction` hooks.
 * Labels: `resources.<name>.actions.<action>`, input fields under `resources.<name>.fields`.
 */
export interface ResourceAction<F extends Fields = Fields, K extends string = FieldName<F>> {
  from: readonly StatusValue<F>[];
  to: StatusValue<F>;
  roles: readonly Role[];
  input?: Fields;
  field?: K;
  /**
   * Other enum fields the record must hold one of the given values of (an invoice is sent to the SdI only
   * once `status` is issued, while the action moves `sdiStatus`): the SPA offers the action only then and
   * the engine refuses it otherwise (409 naming the field).
   */
  when?: Readonly<Partial<Record<K, readonly string[]>>>;
  /**
   * Who and when, written by the engine with the action (before any `beforeAction` hook): `'now'` the
   * current instant (ISO 8601), `'actor'` the acting username, `null` clears the field. Fields of the
   * definition other than the status the action moves; read-only ones included.
   */
  stamps?: ActionStamps<K>;
  /**
   * A reference field the action sets to the record it made (a quote's `invoiceId` after converting it),
   * or a references field it appends that record to (an invoice's `creditNoteIds`: the last id): the SPA
   * opens that record once the action is done.
   */
  opens?: K;
}

export type Stamp = 'now' | 'actor' | null;
export type ActionStamps<K extends string = string> = Readonly<Partial<Record<K, Stamp>>>;

export type ActionMap<F extends Fields = Fields> = Readonly<Record<string, ResourceAction<F>>>;

/**
 * A resource as both halves read it. `ResourceDefinition` (no arguments) is the base every specific
 * definition is assignable to: the registry (resources/index.ts) holds it without casts.
 */
export interface ResourceDefinition<F extends Fields = Fields, K extends string = FieldName<F>> {
  /** react-admin resource name, route path and i18n root, e.g. `address-book/contacts`. */
  name: string;
  service: ServiceId;
  /** Path under `{service}/api/`. */
  endpoint: string;
  /** Table name inside the service's schema. */
  table: string;
  access: Access;
  /** Fields joined by a space, skipping empty ones, to name a record in links and titles. */
  recordRepresentation: readonly K[];
  fields: F;
  rules: readonly Rule<RecordInput<F>>[];
  views: { list: ListView<K>; form: { sections: readonly FormSection<K>[] } };
  /** Lifecycle actions by name (see ResourceAction); none when absent. */
  actions?: Readonly<Record<string, ResourceAction<F, K>>>;
  /** Fields only administrators read (see PrivateFields); none when absent. */
  privateFields?: PrivateFields<K>;
  /** The records still changed or deleted (see EditableWhile, resources/schema/locks.ts); all when absent. */
  editableWhile?: EditableWhile<K>;
}

/**
 * Fields only administrators read (docs/tenancy-and-security.md#private-fields): every other role gets
 * records without them and may not filter, sort or search by them, and the SPA gives them no column.
 * `ownRecord` names a reference to `users`: the user it names reads the whole record (their own).
 */
export interface PrivateFields<K extends string = string> {
  fields: readonly K[];
  ownRecord?: K;
}

export const SYSTEM_FIELDS = ['id', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy', 'version'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];

/** Filter and sort capabilities of the fields every record has. */
export const SYSTEM_FIELD_CAPS: Record<SystemField, { filter: readonly FilterOperator[]; sortable: boolean }> = {
  id: { filter: ['eq', 'in'], sortable: false },
  createdAt: { filter: ['lt', 'lte', 'gt', 'gte', 'between'], sortable: true },
  createdBy: { filter: ['eq'], sortable: false },
  updatedAt: { filter: ['lt', 'lte', 'gt', 'gte', 'between'], sortable: true },
  updatedBy: { filter: ['eq'], sortable: false },
  version: { filter: [], sortable: false },
};

// A type, not an interface: a record must stay assignable to Record<string, unknown> (hooks hand it on).
export type SystemValues = {
  id: string;
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  updatedBy: string | null;
  version: number;
};

/** What a client sends: every field, absent ones as null. */
export type RecordInput<F extends Fields> = { [K in keyof F]: FieldValue<F[K]> | null };
/** What the API answers. */
export type RecordOf<D> = D extends ResourceDefinition<infer F> ? RecordInput<F> & SystemValues : never;

const EVERYONE: readonly Role[] = ROLES;
const ADMIN_ONLY: readonly Role[] = ['ROLE_ADMIN'];

type DefinitionInput<F extends Fields, A extends ActionMap<F>> = Omit<
  ResourceDefinition<F>,
  'table' | 'rules' | 'access' | 'actions'
> & {
  table?: string;
  rules?: readonly Rule<RecordInput<F>>[];
  access?: Partial<Access>;
  actions?: A;
};

/** A definition's actions are checked against its fields once, when it is declared. */
function checkActions(name: string, fields: Fields, actions: ActionMap): void {
  for (const [action, spec] of Object.entries(actions)) {
    if (!/^[a-z][a-zA-Z0-9]*$/.test(action))
      throw new Error(`Resource ${name}: action name ${action} is not camelCase`);
    const status = spec.field ?? 'status';
    const values = Object.hasOwn(fields, status) && fields[status].kind === 'enum' ? fields[status].values : undefined;
    if (!values) throw new Error(`Resource ${name}: action ${action} moves ${status}, which is not an enum field`);
    for (const value of [...spec.from, spec.to])
      if (!values.includes(value)) throw new Error(`Resource ${name}: action ${action}: ${value} is not a ${status}`);
    for (const [stamped, stamp] of Object.entries(spec.stamps ?? {})) {
      if (!Object.hasOwn(fields, stamped) || stamped === status)
        throw new Error(`Resource ${name}: action ${action} cannot stamp ${stamped}`);
      if (stamp !== 'now' && stamp !== 'actor' && stamp !== null)
        throw new Error(`Resource ${name}: action ${action}: ${String(stamp)} is no stamp of ${stamped}`);
    }
    for (const [other, allowed] of Object.entries(spec.when ?? {})) {
      const known = Object.hasOwn(fields, other) && fields[other].kind === 'enum' ? fields[other].values : undefined;
      if (!known || other === status) throw new Error(`Resource ${name}: action ${action}: when names ${other}`);
      for (const value of allowed ?? [])
        if (!known.includes(value)) throw new Error(`Resource ${name}: action ${action}: ${value} is not a ${other}`);
    }
    const opened = spec.opens !== undefined && Object.hasOwn(fields, spec.opens) ? fields[spec.opens].kind : undefined;
    if (spec.opens !== undefined && opened !== 'reference' && opened !== 'references')
      throw new Error(`Resource ${name}: action ${action} opens ${spec.opens}, which is no reference field`);
    for (const [input, field] of Object.entries(spec.input ?? {})) {
      if (input === 'version' || !/^[a-z][a-zA-Z0-9]*$/.test(input) || input === status)
        throw new Error(`Resource ${name}: action ${action} cannot take ${input}`);
      if (field.kind === 'computed' || field.writeOnly)
        throw new Error(`Resource ${name}: action ${action}: input ${input} cannot be of kind ${field.kind}`);
    }
  }
}

/** `a-b/c-d` -> `c_d`: the table a name gives when the definition names none (as defineResource derives it). */
type TableOfName<N extends string> = N extends `${string}/${infer Rest}` ? Underscored<Rest> : string;
type Underscored<S extends string> = S extends `${infer A}${'/' | '-'}${infer B}` ? `${A}_${Underscored<B>}` : S;

/**
 * Checks a definition once and fills in its defaults. Its service and table keep their literal types,
 * so the server can derive each table's row type from the definition (server/db/resource-tables.ts).
 */
export function defineResource<
  F extends Fields,
  const A extends ActionMap<F> = {}, // eslint-disable-line @typescript-eslint/no-empty-object-type -- "no actions"
  const N extends string = string,
  const S extends ServiceId = ServiceId,
  const T extends string = TableOfName<N>,
>(
  def: DefinitionInput<F, A> & { name: N; service: S; table?: T },
): Omit<ResourceDefinition<F>, 'actions' | 'name' | 'service' | 'table'> & {
  actions: A;
  name: N;
  service: S;
  table: T;
} {
  const [service, ...rest] = def.name.split('/');
  const table = def.table ?? rest.join('_').replace(/-/g, '_');
  if (!table) throw new Error(`Resource ${def.name}: cannot derive a table name`);
  void service;
  for (const name of Object.keys(def.fields)) {
    if ((SYSTEM_FIELDS as readonly string[]).includes(name))
      throw new Error(`Resource ${def.name}: ${name} is a system field`);
    if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) throw new Error(`Resource ${def.name}: field name ${name} is not camelCase`);
  }
  const known = new Set<string>([...Object.keys(def.fields), ...SYSTEM_FIELDS, 'q']);
  const referenced = [
    ...def.views.list.columns,
    def.views.list.sort.field,
    ...(def.views.list.filters ?? []),
    ...def.views.form.sections.flatMap((s) => s.fields),
    ...def.recordRepresentation,
  ];
  for (const name of referenced)
    if (!known.has(name)) throw new Error(`Resource ${def.name}: unknown field ${name} in views`);
  for (const [name, preset] of Object.entries(def.views.list.presets ?? {})) {
    if (known.has(name)) throw new Error(`Resource ${def.name}: preset ${name} is named like a field`);
    for (const c of preset.where)
      if (!Object.hasOwn(def.fields, c.field) || !def.fields[c.field].filter.includes(c.operator))
        throw new Error(`Resource ${def.name}: preset ${name} cannot filter ${c.field} with ${c.operator}`);
  }
  // A write-only value is never read back, so nothing that shows or orders records may name it.
  const shown = [
    ...def.views.list.columns,
    def.views.list.sort.field,
    ...(def.views.list.filters ?? []),
    ...def.recordRepresentation,
  ];
  for (const name of shown)
    if (Object.hasOwn(def.fields, name) && def.fields[name].writeOnly)
      throw new Error(`Resource ${def.name}: write-only field ${name} cannot be listed, sorted or shown`);
  const { fields: hidden = [], ownRecord } = def.privateFields ?? {};
  for (const name of [...hidden, ...(ownRecord ? [ownRecord] : [])])
    if (!Object.hasOwn(def.fields, name)) throw new Error(`Resource ${def.name}: unknown private field ${name}`);
  // What names a record is read by whoever reads the record.
  for (const name of [...def.recordRepresentation, def.views.list.sort.field])
    if ((hidden as readonly string[]).includes(name))
      throw new Error(`Resource ${def.name}: private field ${name} cannot name or sort the records`);
  if (ownRecord && def.fields[ownRecord].reference !== 'users')
    throw new Error(`Resource ${def.name}: ownRecord ${ownRecord} is not a reference to users`);
  checkActions(def.name, def.fields, (def.actions ?? {}) as unknown as ActionMap);
  checkLineFills(def.name, def.fields);
  checkLock(def.name, def.fields, def.editableWhile);
  return {
    ...def,
    actions: def.actions ?? ({} as A),
    table: table as T,
    rules: def.rules ?? [],
    access: {
      list: def.access?.list ?? ADMIN_ONLY,
      show: def.access?.show ?? def.access?.list ?? ADMIN_ONLY,
      create: def.access?.create ?? ADMIN_ONLY,
      edit: def.access?.edit ?? ADMIN_ONLY,
      delete: def.access?.delete ?? ADMIN_ONLY,
    },
  };
}

export { EVERYONE, ADMIN_ONLY };

/** What the body schemas read of a definition. */
type RuledFields = Pick<ResourceDefinition, 'fields' | 'rules'>;

/** The schema of one field's value as sent by a client: null stands for "no value". */
function inputSchema(field: Field): z.ZodType {
  return field.required ? field.schema : field.schema.nullable();
}

/** After a create, a write-only value is never required again: absent or null means "unchanged". */
function laterSchema(field: Field): z.ZodType {
  return field.writeOnly ? field.schema.nullable() : inputSchema(field);
}

/** Fields a client may write. */
export function writableFields(def: Pick<ResourceDefinition, 'fields'>): [string, Field][] {
  return Object.entries(def.fields).filter(([, field]) => !field.readOnly);
}

/** Fields kept as columns and returned: all but the write-only ones. */
export function storedFields(def: ResourceDefinition): [string, Field][] {
  return Object.entries(def.fields).filter(([, field]) => !field.writeOnly);
}

/**
 * Schema of a create body: writable fields only (unknown and read-only keys are rejected), required
 * ones present unless they have a default, absent ones taking their default or null; then the resource's
 * cross-field rules.
 */
export function createSchema(def: RuledFields): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of writableFields(def)) {
    const s = inputSchema(field);
    // An absent field takes its default, a required one too (an invoice's document type is TD01 unless
    // said otherwise); an explicit null is still "no value", refused when required.
    if (field.required && field.default === undefined) shape[name] = s;
    else shape[name] = s.optional().transform((v) => (v === undefined ? (field.default ?? null) : v));
  }
  // A read-only field with a default (the initial status that only actions change) starts at it.
  const initial = Object.entries(def.fields).filter(
    ([, f]) => f.readOnly && f.kind !== 'computed' && f.default !== undefined,
  );
  if (initial.length === 0) return withRules(def, z.object(shape).strict());
  const defaults = Object.fromEntries(initial.map(([name, f]) => [name, f.default]));
  return withRules(
    def,
    z
      .object(shape)
      .strict()
      .transform((values) => ({ ...defaults, ...values })),
  );
}

/** Schema of an update body: any subset of writable fields, plus the `version` the client read. */
export function patchSchema(def: ResourceDefinition): z.ZodType<Record<string, unknown> & { version: number }> {
  const shape: Record<string, z.ZodType> = { version: z.number().int().min(1) };
  for (const [name, field] of writableFields(def)) shape[name] = laterSchema(field).optional();
  return z.object(shape).strict() as unknown as z.ZodType<Record<string, unknown> & { version: number }>;
}

/** Cross-field rules run on a whole record (for an update: the stored one merged with the patch). */
export function recordSchema(def: RuledFields): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(def.fields)) shape[name] = laterSchema(field).optional();
  return withRules(def, z.object(shape));
}

function withRules<T extends Record<string, unknown>>(def: RuledFields, schema: z.ZodType<T>): z.ZodType<T> {
  if (def.rules.length === 0) return schema;
  return schema.superRefine((record, ctx) => {
    for (const rule of def.rules) {
      for (const issue of rule(record as never))
        ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message, params: issue.params });
    }
  });
}

/** Name of a record for links and titles. */
export function representRecord(def: ResourceDefinition, record: Record<string, unknown>): string {
  return def.recordRepresentation
    .map((name) => record[name])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ');
}

/** `firstName` is required when `when` holds. */
export function requiredWhen<R>(field: keyof R & string, when: (r: R) => boolean): Rule<R> {
  return (r) => (when(r) && isBlank(r[field]) ? [{ path: field, message: 'validation.required' }] : []);
}

/** At least one of the fields has a value; the issue goes on the first. */
export function oneOfRequired<R>(fields: readonly (keyof R & string)[]): Rule<R> {
  return (r) =>
    fields.every((name) => isBlank(r[name]))
      ? [{ path: fields[0], message: 'validation.oneOfRequired', params: { fields: fields.join(', ') } }]
      : [];
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || v === '';
}
