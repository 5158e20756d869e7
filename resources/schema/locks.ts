import type { Field } from './field';

type Row = Record<string, unknown>;

/**
 * The records of a resource that may still be changed or deleted: those whose enum `field` (default
 * `status`) holds one of `values` (an invoice while it is a draft). The record engine refuses any other
 * update or delete with a 409 naming `field` and the catalogue key `message`; the SPA offers no Edit or
 * Delete for them and shows their page instead of their form (docs/architecture.md#locked-records).
 * Lifecycle actions and the services' own writes are not edits: they still move a locked record.
 */
export interface EditableWhile<K extends string = string> {
  field?: K;
  values: readonly string[];
  /** Full catalogue key of the refusal (`validation.sales.invoiceLocked`): why this record no longer changes. */
  message: string;
  /**
   * Alternative states in which the record is editable too (an issued invoice the SdI rejected, to be
   * corrected and sent again: docs/domain.md#sdi-round-trip). The services judge what may change then.
   */
  or?: readonly { field?: K; values: readonly string[] }[];
}

/** The field whose value decides whether a record is still editable. */
export const lockField = (lock: { field?: string }): string => lock.field ?? 'status';

/** Whether the record may still be changed or deleted (always, for a resource that declares no lock). */
export function isEditable(def: { editableWhile?: EditableWhile }, record: Row | undefined): boolean {
  const lock = def.editableWhile;
  if (!lock || !record) return true;
  return [lock, ...(lock.or ?? [])].some((state) => state.values.includes(record[lockField(state)] as string));
}

/** Whether the record may still be deleted: its main state only (a rejected issued invoice keeps its number). */
export function isDeletable(def: { editableWhile?: EditableWhile }, record: Row | undefined): boolean {
  const lock = def.editableWhile;
  if (!lock || !record) return true;
  return lock.values.includes(record[lockField(lock)] as string);
}

/** Whether the record is editable only through one of its lock's alternatives (not its main state). */
export function editableByAlternative(def: { editableWhile?: EditableWhile }, record: Row): boolean {
  const lock = def.editableWhile;
  return !!lock && !lock.values.includes(record[lockField(lock)] as string) && isEditable(def, record);
}

/** A definition's lock names one of its enum fields and values of it: checked once, when it is declared. */
export function checkLock(name: string, fields: Readonly<Record<string, Field>>, lock: EditableWhile | undefined) {
  if (!lock) return;
  for (const state of [lock, ...(lock.or ?? [])]) {
    const field = lockField(state);
    const values = Object.hasOwn(fields, field) && fields[field].kind === 'enum' ? fields[field].values : undefined;
    if (!values) throw new Error(`Resource ${name}: editableWhile names ${field}, which is not an enum field`);
    if (state.values.length === 0) throw new Error(`Resource ${name}: editableWhile names no value of ${field}`);
    for (const value of state.values)
      if (!values.includes(value)) throw new Error(`Resource ${name}: editableWhile: ${value} is not a ${field}`);
  }
  if (!/^validation\.[\w.]+$/.test(lock.message))
    throw new Error(`Resource ${name}: editableWhile's message ${lock.message} is no validation catalogue key`);
}
