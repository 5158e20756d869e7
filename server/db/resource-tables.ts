import type { definitions } from '../../resources/index';
import type { Generated } from 'kysely';
import type { Fields, RecordInput } from '../../resources/schema';

/**
 * The row types of the tables derived from the definitions (server/db/derive.ts creates them), keyed
 * as queries name them: `<schema>.<table>`. With the platform's own tables they make the database
 * type `Db` (server/db/tables.ts) that hooks and services query (docs/architecture.md#the-database).
 */
type Definition = (typeof definitions)[number];

/** `address-book` -> `address_book`, as schemaName() does. */
type SchemaOf<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${SchemaOf<B>}` : S;
export type TableKey<D> = D extends { service: infer S extends string; table: infer T extends string }
  ? `${SchemaOf<S>}.${T}`
  : never;

/** Stored columns: every field but the write-only ones (never a column), the system values and the tenant. */
type WriteOnlyNames<F extends Fields> = { [K in keyof F]: F[K] extends { writeOnly: true } ? K : never }[keyof F];
/** The system columns; those with a database default may be left out of an insert. */
interface SystemColumns {
  tenantId: string;
  id: string;
  createdAt: Generated<string>;
  createdBy: string | null;
  updatedAt: Generated<string>;
  updatedBy: string | null;
  version: Generated<number>;
}
export type RowOf<D> = D extends { fields: infer F extends Fields }
  ? Omit<RecordInput<F>, WriteOnlyNames<F>> & SystemColumns
  : never;

/** `periodic_tickets` -> `periodicTickets`: queries may name a table either way (the CamelCasePlugin maps both). */
type Camel<S extends string> = S extends `${infer A}_${infer B}` ? `${A}${Capitalize<Camel<B>>}` : S;
type CamelKey<D> = D extends { service: infer S extends string; table: infer T extends string }
  ? `${SchemaOf<S>}.${Camel<T>}`
  : never;

export type ResourceTables = { [D in Definition as TableKey<D> | CamelKey<D>]: RowOf<D> };
