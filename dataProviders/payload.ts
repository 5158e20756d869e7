import { writableFields, type Field, type ResourceDefinition } from '../resources/schema';

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * A form value as the services expect it. Emptied inputs become null ("no value"); an address whose
 * parts are all empty is no address; an editor left with an empty paragraph is no rich text.
 */
export function normaliseValue(field: Field, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (value === '') return null;
  if (field.kind === 'richText' && typeof value === 'string' && isEmptyHtml(value)) return null;
  if (field.kind === 'address' && value && typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).filter(([, v]) => !isBlank(v));
    // The country alone (defaulted by the input) does not make an address.
    if (parts.every(([k]) => k === 'country')) return null;
    return Object.fromEntries(parts);
  }
  if (field.kind === 'lines' && Array.isArray(value)) return value.map((line) => normaliseLine(field, line));
  return value;
}

/** Each value of a child line normalised by its own kind (an emptied input in a line is null too). */
function normaliseLine(field: Field, line: unknown): unknown {
  if (typeof line !== 'object' || line === null || !field.lineFields) return line;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(line as Record<string, unknown>)) {
    const sub = field.lineFields[name];
    const normalised = sub ? normaliseValue(sub, value) : value;
    if (normalised !== undefined) out[name] = normalised;
  }
  return out;
}

function isEmptyHtml(html: string): boolean {
  return html.replace(/<(p|br|\/p)\s*\/?>/gi, '').trim() === '';
}

/** The writable fields present in `data`, normalised: what a create body may contain. */
export function writablePayload(def: ResourceDefinition, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of writableFields(def)) {
    if (!(name in data)) continue;
    out[name] = normaliseValue(field, data[name]);
  }
  return out;
}

/**
 * An update body: the writable fields that differ from what was read, plus the `version` read, so the
 * service can refuse a stale edit (409) and untouched fields are never overwritten.
 */
export function patchPayload(
  def: ResourceDefinition,
  data: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const next = writablePayload(def, data);
  const patch: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(next)) {
    const before = previous ? (normaliseValue(def.fields[name], previous[name]) ?? null) : undefined;
    if (previous === undefined || JSON.stringify(value) !== JSON.stringify(before)) patch[name] = value;
  }
  patch.version = data.version ?? previous?.version;
  return patch;
}
