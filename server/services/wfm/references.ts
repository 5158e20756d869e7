import { sql, type Kysely } from 'kysely';
import { findResource } from '../../../resources/index';
import type { FieldIssue, Fields, ResourceDefinition } from '../../../resources/schema';
import { tableRef } from '../../db/derive';
import type { Row } from '../../records';
import { issue } from '../../records';

/* eslint-disable @typescript-eslint/no-explicit-any -- tables derived from definitions have no static types */
type Db = Kysely<any>;

interface Wanted {
  path: string;
  target: string;
  id: string;
}

/** Every reference a set of values makes: reference(s) fields, top level and inside lines. */
function wantedOf(fields: Fields, values: Row, prefix = ''): Wanted[] {
  const wanted: Wanted[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const value = values[name];
    if (field.readOnly || value === null || value === undefined) continue;
    if (field.kind === 'reference' && typeof value === 'string')
      wanted.push({ path: `${prefix}${name}`, target: field.reference!, id: value });
    else if (field.kind === 'references' && Array.isArray(value))
      for (const id of value) wanted.push({ path: `${prefix}${name}`, target: field.reference!, id: String(id) });
    else if (field.kind === 'lines' && field.lineFields && Array.isArray(value))
      value.forEach((line, i) =>
        wanted.push(...wantedOf(field.lineFields!, (line ?? {}) as Row, `${prefix}${name}.${i}.`)),
      );
  }
  return wanted;
}

/**
 * Issues for references in `values` (a create body or an update's changes) to records the tenant does
 * not have: deleted ones, made-up ids, another tenant's (row-level security hides them). A target whose
 * definition is not served (no table) is left alone.
 */
export async function missingReferences(
  trx: Db,
  tenant: string,
  def: ResourceDefinition,
  values: Row,
): Promise<FieldIssue[]> {
  const byTarget = new Map<string, Wanted[]>();
  for (const want of wantedOf(def.fields, values)) {
    if (!findResource(want.target)) continue;
    byTarget.set(want.target, [...(byTarget.get(want.target) ?? []), want]);
  }
  if (byTarget.size === 0) return [];
  // One query for every target: a union of each target table's matching ids, tagged with the target.
  const selects = [...byTarget].map(([target, wanted], i) =>
    trx
      .selectFrom(tableRef(findResource(target)!))
      .select([sql.lit(i).as('target'), 'id'])
      .where('tenantId', '=', tenant)
      .where('id', 'in', [...new Set(wanted.map((w) => w.id.toLowerCase()))]),
  );
  const found = await selects
    .slice(1)
    .reduce((union, select) => union.unionAll(select), selects[0])
    .execute();
  const known = new Set(found.map((row) => `${String(row.target)}:${String(row.id)}`));
  const issues: FieldIssue[] = [];
  [...byTarget.values()].forEach((wanted, i) => {
    for (const want of wanted)
      if (!known.has(`${i}:${want.id.toLowerCase()}`) && !issues.some((issue) => issue.path === want.path))
        issues.push(issue(want.path, 'validation.reference'));
  });
  return issues;
}

/** One record of a table by id within the tenant, with the given columns. */
export async function rowOf(
  trx: Db,
  def: unknown,
  tenant: string,
  id: unknown,
  columns: readonly string[],
): Promise<Row | undefined> {
  if (typeof id !== 'string') return undefined;
  return (await trx
    .selectFrom(tableRef(def as ResourceDefinition))
    .select(columns as string[])
    .where('tenantId', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst()) as Row | undefined;
}
