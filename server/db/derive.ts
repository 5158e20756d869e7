import { storedFields, type Field, type ResourceDefinition } from '../../resources/schema';
import { indexStatements } from './indexes';
import { columnName, quote, schemaName } from './names';
import type { TableKey } from './resource-tables';

// Where the rest of the server has always found them.
export { columnName, schemaName };

/** Qualified table as written in Kysely queries (the plugin snake-cases it); typed for a specific definition. */
export function tableRef<D extends ResourceDefinition>(def: D): TableKey<D> {
  return `${schemaName(def.service)}.${def.table}` as TableKey<D>;
}

/**
 * Idempotent DDL for every definition: run on each start, it creates what is missing and adds
 * columns for new fields. Columns are nullable even for required fields, because validation is the
 * definitions' job and NOT NULL would make adding a required field to a filled table fail.
 */
export function deriveStatements(definitions: readonly ResourceDefinition[]): string[] {
  // The trigram operator class behind `q` (docs/architecture.md#derived-indexes).
  const statements: string[] = ['create extension if not exists pg_trgm with schema public'];
  for (const schema of new Set(definitions.map((d) => schemaName(d.service)))) {
    statements.push(`create schema if not exists ${quote(schema)}`);
  }
  for (const def of definitions) {
    const table = `${quote(schemaName(def.service))}.${quote(def.table)}`;
    statements.push(
      `create table if not exists ${table} (
        tenant_id text not null,
        id uuid not null,
        created_at timestamptz not null default now(),
        created_by text,
        updated_at timestamptz not null default now(),
        updated_by text,
        version integer not null default 1,
        primary key (tenant_id, id)
      )`,
    );
    for (const [name, field] of storedFields(def)) {
      statements.push(`alter table ${table} add column if not exists ${quote(columnName(name))} ${field.sql}`);
      if (field.unique) {
        statements.push(
          `create unique index if not exists ${quote(uniqueIndexName(def, name))} on ${table} (tenant_id, ${uniqueKey(name, field)})`,
        );
      }
    }
    statements.push(...indexStatements(def));
  }
  return statements;
}

/** The index behind a `unique` field; records.ts maps its violations back to the field. */
export function uniqueIndexName(def: ResourceDefinition, field: string): string {
  return `${def.table}_${columnName(field)}_unique`;
}

/** Text is unique regardless of case: "Mario.Rossi" and "mario.rossi" are one username. */
function uniqueKey(name: string, field: Field): string {
  const column = quote(columnName(name));
  return field.sql === 'text' ? `lower(${column})` : column;
}
