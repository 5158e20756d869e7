import type { Address, Field, FieldKind, ResourceDefinition } from '../../../resources/schema';

/** Kinds an export leaves out: nested rows (their totals are fields of their own), files, secrets. */
const LEFT_OUT: readonly FieldKind[] = ['lines', 'attachments', 'password'];

/** The parts of an address, each its own column so a spreadsheet can sort and filter by city or postal code. */
export const ADDRESS_PARTS: readonly (keyof Address)[] = [
  'street',
  'streetNumber',
  'zip',
  'city',
  'province',
  'country',
];

/** One column of an export: a field of the definition, or one part of an address field. */
export interface ExportColumn {
  name: string;
  field: Field;
  /** The kind the value has: a computed field's result kind, else the field's own. */
  kind: FieldKind;
  part?: keyof Address;
}

/**
 * What an export writes (docs/spa.md#exports): the list's columns first, in their order, then every other
 * field a record carries, in the definition's order, so the file holds the data and not only what fits on
 * screen. Nested lines, attachments and write-only fields are left out.
 */
export function exportColumns(def: ResourceDefinition): ExportColumn[] {
  const names = [...new Set([...def.views.list.columns, ...Object.keys(def.fields)])];
  return names.flatMap((name): ExportColumn[] => {
    const field = def.fields[name];
    if (!field || field.writeOnly || LEFT_OUT.includes(field.kind)) return [];
    const kind = field.kind === 'computed' && field.result ? field.result.kind : field.kind;
    if (LEFT_OUT.includes(kind)) return [];
    if (kind === 'address') return ADDRESS_PARTS.map((part) => ({ name, field, kind, part }));
    return [{ name, field, kind }];
  });
}

/** The resources whose records the export's reference columns name, by column name. */
export function referenceTargets(columns: readonly ExportColumn[]): Map<string, string> {
  const targets = new Map<string, string>();
  for (const column of columns) {
    const target = column.field.reference ?? column.field.result?.reference;
    if ((column.kind === 'reference' || column.kind === 'references') && target) targets.set(column.name, target);
  }
  return targets;
}
