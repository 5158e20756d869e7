import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { resources } from '../../resources/index';
import type { Field, FieldIssue, ResourceDefinition } from '../../resources/schema';
import { tableRef } from '../db/derive';
import type { DynamicDb } from '../db/tables';
import { problems } from '../http/errors';
import { invalidFields, renderIssues, type Lang } from '../http/lang';

type Row = Record<string, unknown>;

const isReference = (field: Field) => field.kind === 'reference' || field.kind === 'references';

function definitionOf(name: string | undefined): ResourceDefinition | undefined {
  return resources.find((def) => def.name === name);
}

/** Every id a record's values point to, with the path of the value (a line's field included). */
interface Pointer {
  path: string;
  target: string;
  id: string;
  /** The field values the target must have (Field.only). */
  only?: Readonly<Record<string, string>>;
}

function pointers(def: ResourceDefinition, values: Row): Pointer[] {
  const found: Pointer[] = [];
  const add = (field: Field, value: unknown, path: string) => {
    if (!isReference(field) || !field.reference || value === null || value === undefined) return;
    for (const id of Array.isArray(value) ? value : [value])
      if (typeof id === 'string')
        found.push({
          path,
          target: field.reference,
          id: id.toLowerCase(),
          ...(field.only ? { only: field.only } : {}),
        });
  };
  for (const [name, field] of Object.entries(def.fields)) {
    if (!(name in values)) continue;
    add(field, values[name], name);
    if (field.kind !== 'lines' || !field.lineFields || !Array.isArray(values[name])) continue;
    (values[name] as unknown[]).forEach((line, i) => {
      if (typeof line !== 'object' || line === null) return;
      for (const [lineName, lineField] of Object.entries(field.lineFields!))
        add(lineField, (line as Row)[lineName], `${name}.${i}.${lineName}`);
    });
  }
  return found;
}

/**
 * A reference must name a record the tenant has: the transaction runs under the tenant's row-level
 * security, so another tenant's id is as absent as an invented one. 400 naming each such field.
 */
export async function checkReferences(
  db: DynamicDb,
  def: ResourceDefinition,
  tenant: string,
  values: Row,
  lang: Lang,
): Promise<void> {
  const all = pointers(def, values);
  if (all.length === 0) return;
  const issues: FieldIssue[] = [];
  for (const target of new Set(all.map((p) => p.target))) {
    const targetDef = definitionOf(target);
    if (!targetDef) continue;
    const wanted = all.filter((p) => p.target === target);
    const restricted = [...new Set(wanted.flatMap((p) => Object.keys(p.only ?? {})))];
    const rows = await db
      .selectFrom(tableRef(targetDef))
      .select(['id', ...restricted])
      .where('tenantId', '=', tenant)
      .where('id', 'in', [...new Set(wanted.map((p) => p.id))])
      .execute();
    const existing = new Map(rows.map((row) => [String(row.id).toLowerCase(), row as Row]));
    for (const p of wanted) {
      const row = existing.get(p.id);
      if (!row) issues.push({ path: p.path, key: 'validation.reference', params: {} });
      // A skill where a tag belongs (or the reverse): it exists, but is not one this field may name.
      else if (Object.entries(p.only ?? {}).some(([name, value]) => row[name] !== value))
        issues.push({ path: p.path, key: 'validation.referenceNotOffered', params: {} });
    }
  }
  if (issues.length === 0) return;
  const errors = renderIssues(lang, issues);
  throw problems.validation(errors, invalidFields(lang, errors));
}

/** Whether a row of `holder` points to `id` through `name` (a reference, many references or lines). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a definition's table, named at run time
function pointsTo(eb: ExpressionBuilder<any, any>, name: string, field: Field, target: string, id: string) {
  if (field.kind === 'reference') return eb(name, '=', id);
  if (field.kind === 'references') return sql<SqlBool>`cast(${id} as uuid) = any(${eb.ref(name)})`;
  const keys = Object.entries(field.lineFields ?? {})
    .filter(([, lineField]) => isReference(lineField) && lineField.reference === target)
    .map(([lineName]) => lineName);
  return eb.or(
    keys.map(
      (key) =>
        // `@>` finds the id as the value of a reference and as an element of many references alike.
        sql<SqlBool>`exists (select 1 from jsonb_array_elements(coalesce(${eb.ref(name)}, '[]'::jsonb)) as line(value)
          where line.value -> cast(${key} as text) @> to_jsonb(cast(${id} as text)))`,
    ),
  );
}

/**
 * Master data others refer to is archived (`active: false`), not deleted (docs/domain.md#conventions): a delete
 * of a record some record of the tenant still points to is a 409 naming the resources that do.
 */
export async function checkNotReferenced(db: DynamicDb, def: ResourceDefinition, tenant: string, id: string) {
  const holders: string[] = [];
  for (const holder of resources) {
    const links = Object.entries(holder.fields).filter(
      ([, field]) =>
        (isReference(field) && field.reference === def.name) ||
        (field.kind === 'lines' && Object.values(field.lineFields ?? {}).some((l) => l.reference === def.name)),
    );
    if (links.length === 0) continue;
    const row = await db
      .selectFrom(tableRef(holder))
      .select('id')
      .where('tenantId', '=', tenant)
      .where((eb) => eb.or(links.map(([name, field]) => pointsTo(eb, name, field, def.name, id))))
      .limit(1)
      .executeTakeFirst();
    if (row) holders.push(holder.name);
  }
  if (holders.length > 0)
    throw problems.conflict(`Other records still refer to this one (${holders.join(', ')}): archive it instead.`);
}
