import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import {
  createSchema,
  deriveRecord,
  describeIssues,
  hasDerivedFields,
  isDeletable,
  isEditable,
  lockField,
  patchSchema,
  recordSchema,
  SYSTEM_FIELDS,
  type FieldIssue,
  type ResourceDefinition,
} from '../../resources/schema';
import { tableRef, uniqueIndexName } from '../db/derive';
import type { DynamicDb } from '../db/tables';
import { HttpProblem, problems } from '../http/errors';
import { invalidFields, renderIssues, type Lang } from '../http/lang';
import { hookContext, type Actor, type HookContext, type ResourceHooks, type Scope } from './hooks';
import { resolveKinds } from './kinds';
import { conflict, issue } from './problems';
import { UUID, type ListQuery } from './list-query';
import { checkNotReferenced, checkReferences } from './references';
import { sanitizeRichText } from './sanitize';
import { columnValue, recordColumns, selectCount, selectOne, selectPage } from './sql';

type Row = Record<string, unknown>;

export type { Actor };

interface Schemas {
  create: z.ZodType<Row>;
  patch: z.ZodType<Row & { version: number }>;
  whole: z.ZodType<Row>;
}

// Built once per definition: Records is made per request, inside that request's transaction.
const schemaCache = new WeakMap<ResourceDefinition, Schemas>();

function schemasOf(def: ResourceDefinition): Schemas {
  let schemas = schemaCache.get(def);
  if (!schemas) {
    schemas = { create: createSchema(def), patch: patchSchema(def), whole: recordSchema(def) };
    schemaCache.set(def, schemas);
  }
  return schemas;
}

/**
 * The generic record operations behind the CRUD routes, and the one path the seed writes through,
 * so demo data passes exactly the validation the API applies. `db` is the caller's transaction,
 * already scoped to the tenant (see db/tenancy.ts); hooks run inside it.
 */
export class Records {
  private readonly schemas: Schemas;

  constructor(
    private readonly db: DynamicDb,
    readonly def: ResourceDefinition,
    private readonly hooks: ResourceHooks = {},
    /** Record-level restriction of the acting user (ResourceHooks.scope), already resolved. */
    private readonly scope?: Scope,
  ) {
    this.schemas = schemasOf(def);
  }

  /** The transaction the records are read and written in (hooks of lifecycle actions run in it). */
  get trx(): DynamicDb {
    return this.db;
  }

  private context(actor: Actor, lang: Lang): HookContext {
    return hookContext(this.db, actor, this.def, lang);
  }

  list(tenant: string, query: ListQuery) {
    return selectPage(this.db, this.def, tenant, query, this.scope);
  }

  /** The exact number of records the list with these conditions holds (its scope included). */
  count(tenant: string, query: ListQuery) {
    return selectCount(this.db, this.def, tenant, query, this.scope);
  }

  async get(tenant: string, id: string): Promise<Row> {
    // A malformed id cannot name a record: 404, as for any other id this tenant does not have.
    const row = UUID.test(id) ? await selectOne(this.db, this.def, tenant, id, this.scope) : undefined;
    if (!row) throw problems.notFound('No such record.');
    return row;
  }

  async insert(actor: Actor, body: unknown, lang: Lang): Promise<Row> {
    const ctx = this.context(actor, lang);
    let values = this.sanitize(this.validate(this.schemas.create, body, lang));
    values = await resolveKinds(this.db, this.def, actor.tenant, values, lang);
    // Hooks see the derived values; what a hook changes is derived again.
    values = this.derive(values, lang);
    // Before the hooks: they may rely on what a reference names (a site's customer) being there.
    await checkReferences(this.db, this.def, actor.tenant, values, lang);
    const hooked = await this.hooks.beforeCreate?.(ctx, values);
    if (hooked) values = this.derive(hooked, lang);
    const row: Row = {
      tenantId: actor.tenant,
      id: randomUUID(),
      createdBy: actor.username,
      updatedBy: actor.username,
      version: 1,
    };
    for (const [name, value] of Object.entries(this.storable(values))) row[name] = columnValue(this.def, name, value);
    const record = (await this.db
      .insertInto(tableRef(this.def))
      .values(row)
      .returning(recordColumns(this.def))
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => this.uniqueViolation(error, lang))) as Row;
    await this.hooks.afterCreate?.(ctx, record);
    return record;
  }

  async update(actor: Actor, id: string, body: unknown, lang: Lang): Promise<Row> {
    const ctx = this.context(actor, lang);
    const stored = await this.get(actor.tenant, id);
    this.editable(stored, lang);
    const { version, ...patch } = this.validate(this.schemas.patch, body, lang);
    if (version !== stored.version) throw staleVersion(version, stored.version);
    // A write-only value sent as null means "leave it as it is": hooks see it only when it is set.
    for (const [name, field] of Object.entries(this.def.fields))
      if (field.writeOnly && patch[name] === null) delete patch[name];
    Object.assign(patch, await resolveKinds(this.db, this.def, actor.tenant, patch, lang));
    await checkReferences(this.db, this.def, actor.tenant, patch, lang);
    const changes = (await this.hooks.beforeUpdate?.(ctx, patch, stored)) ?? patch;
    const updated = await this.write(actor, stored, version, changes, lang);
    await this.hooks.afterUpdate?.(ctx, updated, stored);
    return updated;
  }

  /**
   * Writes checked changes to a stored record (read through `get`, so the scope admitted it) at the
   * version the client read: cross-field rules on the merged record, computed values derived, 409 on a
   * stale version. Lifecycle actions (actions.ts) use it to set read-only values such as a status.
   */
  async write(actor: Actor, stored: Row, version: number, changes: Row, lang: Lang): Promise<Row> {
    const id = stored.id as string;
    if (version !== stored.version) throw staleVersion(version, stored.version);
    // Cross-field rules judge the record as it will be, not the patch alone.
    const merged: Row = {};
    for (const name of Object.keys(this.def.fields)) merged[name] = name in changes ? changes[name] : stored[name];
    this.validate(this.schemas.whole, merged, lang);
    const writes = this.withDerived(changes, this.derive(merged, lang));
    // Lifecycle actions write through here without update(): their references are checked here too.
    await checkReferences(this.db, this.def, actor.tenant, writes, lang);

    const set: Row = { updatedBy: actor.username, updatedAt: sql`now()`, version: sql`version + 1` };
    for (const [name, value] of Object.entries(this.storable(this.sanitize(writes))))
      set[name] = columnValue(this.def, name, value);
    const updated = await this.db
      .updateTable(tableRef(this.def))
      .set(set)
      .where('tenantId', '=', actor.tenant)
      .where('id', '=', id)
      .where('version', '=', version)
      .returning(recordColumns(this.def))
      .executeTakeFirst()
      .catch((error: unknown) => this.uniqueViolation(error, lang));
    if (updated) return updated as Row;
    // Someone wrote (or deleted) it between our read and our write.
    const current = await this.get(actor.tenant, id);
    throw staleVersion(version, current.version);
  }

  async remove(actor: Actor, id: string, lang: Lang): Promise<Row> {
    const ctx = this.context(actor, lang);
    // The stored record is read first when a hook needs it, a scope must admit it or a lock judge it.
    if (this.hooks.beforeDelete || this.scope || this.def.editableWhile) {
      const stored = await this.get(actor.tenant, id);
      this.editable(stored, lang, true);
      await this.hooks.beforeDelete?.(ctx, stored);
    }
    if (!UUID.test(id)) throw problems.notFound('No such record.');
    await checkNotReferenced(this.db, this.def, actor.tenant, id);
    const deleted = await this.db
      .deleteFrom(tableRef(this.def))
      .where('tenantId', '=', actor.tenant)
      .where('id', '=', id)
      .returning(recordColumns(this.def))
      .executeTakeFirst();
    if (!deleted) throw problems.notFound('No such record.');
    await this.hooks.afterDelete?.(ctx, deleted as Row);
    return deleted as Row;
  }

  /**
   * A record past the states its definition's `editableWhile` names is no longer changed or deleted
   * through the API: 409 naming the field, before the body is judged (docs/architecture.md#locked-records).
   * Lifecycle actions write through `write`, and the services' own code through its own paths.
   */
  private editable(stored: Row, lang: Lang, deleting = false): void {
    const lock = this.def.editableWhile;
    if (!lock || (deleting ? isDeletable(this.def, stored) : isEditable(this.def, stored))) return;
    const field = lockField(lock);
    throw conflict(
      lang,
      issue(field, lock.message),
      `Only a record whose ${field} is ${lock.values.join(' or ')} can be changed or deleted; this one is ${String(stored[field])}.`,
    );
  }

  /** A known field a client may not write (read-only, or a system value) is named as such, not as unknown. */
  private readOnlyIssues(issues: FieldIssue[]): FieldIssue[] {
    return issues.map((issue) => {
      if (issue.key !== 'validation.unknownField') return issue;
      const name = issue.path;
      const field = Object.hasOwn(this.def.fields, name) ? this.def.fields[name] : undefined;
      const system = (SYSTEM_FIELDS as readonly string[]).includes(name);
      return field?.readOnly || system ? { path: name, key: 'validation.readOnly', params: { field: name } } : issue;
    });
  }

  private validate<T>(schema: z.ZodType<T>, body: unknown, lang: Lang): T {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw problems.validation([], 'The request body must be a JSON object.');
    }
    const result = schema.safeParse(body);
    if (!result.success) {
      const errors = renderIssues(lang, this.readOnlyIssues(describeIssues(result.error.issues)));
      throw problems.validation(errors, invalidFields(lang, errors));
    }
    return result.data;
  }

  /**
   * Line ids and computed values (resources/schema/kinds/derived.ts), from the whole record. A computed
   * value that does not fit its kind is a 400 on that field.
   */
  private derive(record: Row, lang: Lang): Row {
    if (!hasDerivedFields(this.def.fields)) return record;
    const { record: derived, issues } = deriveRecord(this.def.fields, record, randomUUID);
    if (issues.length > 0) {
      const errors = renderIssues(lang, issues);
      throw problems.validation(errors, invalidFields(lang, errors));
    }
    return derived;
  }

  /** An update writes the changes, every computed value (its inputs may have changed) and changed lines as derived. */
  private withDerived(changes: Row, derived: Row): Row {
    const writes = { ...changes };
    for (const [name, field] of Object.entries(this.def.fields)) {
      if (field.kind === 'computed' || (field.kind === 'lines' && name in changes)) writes[name] = derived[name];
    }
    return writes;
  }

  /** What is written: write-only fields never reach a column (a hook stores what it derives from them). */
  private storable(values: Row): Row {
    const out = { ...values };
    for (const [name, field] of Object.entries(this.def.fields)) if (field.writeOnly) delete out[name];
    return out;
  }

  /**
   * A `unique` field's index refused the value (perhaps a concurrent write): 409 naming the field.
   * Anything else is not ours to explain and goes on as it was.
   */
  private uniqueViolation(error: unknown, lang: Lang): never {
    const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
    if (code !== '23505') throw error;
    const unique = Object.entries(this.def.fields).filter(([, field]) => field.unique);
    const named = unique.filter(([name]) => uniqueIndexName(this.def, name) === constraint);
    const fields = (named.length > 0 ? named : unique).map(([name]) => name);
    if (fields.length === 0) throw problems.conflict('A record with the same values already exists.');
    const errors = renderIssues(
      lang,
      fields.map((path) => ({ path, key: 'validation.unique', params: {} })),
    );
    throw new HttpProblem(409, `Already in use: ${fields.join(', ')}`, errors);
  }

  private sanitize(values: Row): Row {
    const out = { ...values };
    for (const [name, field] of Object.entries(this.def.fields)) {
      if (field.kind !== 'richText' || typeof out[name] !== 'string') continue;
      const clean = sanitizeRichText(out[name] as string);
      out[name] = clean === '' && !field.required ? null : clean;
    }
    return out;
  }
}

function staleVersion(sent: number, current: unknown) {
  return problems.conflict(
    `The record was changed meanwhile: you sent version ${sent}, the current one is ${String(current)}. Reload it and retry.`,
  );
}
