/** `address-book` -> `address_book`: each service owns a Postgres schema. */
export function schemaName(service: string): string {
  return service.replace(/-/g, '_');
}

/** The same mapping as Kysely's CamelCasePlugin, so derived DDL and queries agree on column names. */
export function columnName(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** An SQL identifier, quoted. */
export const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;
