import { sql, type Kysely } from 'kysely';
import { findResource } from '../../../resources/index';
import type { FieldIssue, Fields, ResourceDefinition } from '../../../resources/schema';
import { tableRef } from '../../db/derive';
import { issue } from '../../records';

/* eslint-disable @typescript-eslint/no-explicit-any -- tables derived from definitions have no static types */
type Row = Record<string, unknown>;

interface Wanted {
  path: string;
  target: string;
  id: string;
}

/** Every reference a set of values makes: top-level reference(s) fields and those inside lines. */
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
 * Issues for references (in `values`, a create body or an update's changes) to records the tenant does
 * not have: deleted ones, made-up ids, another tenant's (row-level security hides them). Targets whose
 * definition is not served yet are left alone.
 */
export async function missingReferences(
  trx: Kysely<any>,
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
  // One round trip for every target: the ids each target table has among those asked for.
  const selects = [...byTarget].map(([target, wanted]) =>
    trx
      .selectFrom(tableRef(findResource(target)!))
      .select([sql.lit(target).as('target'), 'id'])
      .where('tenantId', '=', tenant)
      .where('id', 'in', [...new Set(wanted.map((w) => w.id))]),
  );
  const found = await selects
    .slice(1)
    .reduce((query, next) => query.unionAll(next), selects[0])
    .execute();
  const known = new Set(found.map((row) => `${String(row.target)}|${String(row.id)}`));
  const issues: FieldIssue[] = [];
  for (const want of [...byTarget.values()].flat())
    if (!known.has(`${want.target}|${want.id}`) && !issues.some((i) => i.path === want.path))
      issues.push(issue(want.path, 'validation.reference'));
  return issues;
}
