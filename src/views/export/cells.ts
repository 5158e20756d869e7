import type { Address, FieldKind, ResourceDefinition } from '../../../resources/schema';
import type { ExportColumn } from './columns';

/**
 * One cell of an export, typed by its field's kind (docs/spa.md#exports), so each format writes it its own
 * way: numbers keep the wire's decimal string (never a float on the way), dates their calendar day,
 * text stays text.
 */
export type ExportCell =
  | null
  | { type: 'number'; value: string; style: 'integer' | 'decimal' | 'money' | 'percent'; scale?: number }
  | { type: 'date'; value: string }
  | { type: 'datetime'; value: string }
  | { type: 'text'; value: string; code: boolean };

export interface CellContext {
  translate: (key: string, options?: Record<string, unknown>) => string;
  /** The display label of a referenced record (representRecord), or undefined when it was not found. */
  label: (target: string, id: string) => string | undefined;
}

const NUMERIC: Partial<Record<FieldKind, 'integer' | 'decimal' | 'money' | 'percent'>> = {
  integer: 'integer',
  decimal: 'decimal',
  money: 'money',
  percent: 'percent',
};

/**
 * Kinds whose values are codes: digits that are no quantity (a VAT number or postal code with a leading
 * zero, a phone number, an EAN), always kept as text.
 */
const CODES: readonly FieldKind[] = ['phone', 'vatNumber', 'fiscalCode', 'sdiCode', 'iban', 'ean'];

/**
 * Whether a spreadsheet opening the text would turn it into something else: a number ("0123", "1E5",
 * "+393331234567"), a date or time ("1-2", "12:30"), a percentage or a truth value. Such text is written
 * so it stays as typed.
 */
export function looksConvertible(text: string): boolean {
  const s = text.trim();
  if (/^(true|false|vero|falso)$/i.test(s)) return true;
  return /\d/.test(s) && /^[\d\s.,:/%€$'+\-eE]+$/.test(s);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const WIRE_DECIMAL = /^-?\d+(\.\d+)?$/;

function text(value: string, code = false): ExportCell {
  return value === '' ? null : { type: 'text', value, code: code || looksConvertible(value) };
}

/** Rich text's words without its markup (the browser parses it inertly: nothing runs). */
function plainText(html: string): string {
  if (typeof DOMParser === 'undefined')
    return html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The cell of one column of one record. */
export function exportCell(
  def: ResourceDefinition,
  column: ExportColumn,
  record: Record<string, unknown>,
  ctx: CellContext,
): ExportCell {
  const { name, kind, field, part } = column;
  const value = record[name];
  if (value === null || value === undefined || value === '') return null;
  if (part) {
    const piece = (value as Partial<Address>)[part];
    return piece === null || piece === undefined ? null : text(String(piece), part === 'zip');
  }
  const style = NUMERIC[kind];
  if (style) {
    const s = String(value);
    if (!WIRE_DECIMAL.test(s)) return text(s);
    const scale = field.result?.scale ?? field.scale;
    return { type: 'number', value: s, style, ...(scale !== undefined ? { scale } : {}) };
  }
  if (kind === 'date' && typeof value === 'string' && DATE.test(value.slice(0, 10)))
    return { type: 'date', value: value.slice(0, 10) };
  if (kind === 'datetime' && !Number.isNaN(Date.parse(String(value))))
    return { type: 'datetime', value: String(value) };
  if (kind === 'boolean') return text(ctx.translate(value ? 'exports.yes' : 'exports.no'));
  const enumLabel = (v: unknown) => ctx.translate(`resources.${def.name}.enums.${name}.${String(v)}`);
  if (kind === 'enum') return text(enumLabel(value));
  if (kind === 'enumList' && Array.isArray(value)) return text(value.map(enumLabel).join(', '));
  const target = field.reference ?? field.result?.reference;
  if ((kind === 'reference' || kind === 'references') && target) {
    const ids = (Array.isArray(value) ? value : [value]).map(String);
    // A record the user may not read (or since deleted) is written as the id the record holds.
    return text(ids.map((id) => ctx.label(target, id) ?? id).join(', '));
  }
  if (kind === 'richText') return text(plainText(String(value)));
  if (Array.isArray(value)) return text(value.map(String).join(', '));
  if (typeof value === 'object') return text(Object.values(value).filter(Boolean).join(', '));
  return text(String(value), CODES.includes(kind));
}

/** The header (translated labels) and the rows of an export. */
export function exportRows(
  def: ResourceDefinition,
  columns: readonly ExportColumn[],
  records: readonly Record<string, unknown>[],
  ctx: CellContext,
): { header: string[]; rows: ExportCell[][] } {
  const header = columns.map(({ name, part }) => {
    const label = ctx.translate(`resources.${def.name}.fields.${name}`);
    return part ? `${label} - ${ctx.translate(`address.${part}`)}` : label;
  });
  return { header, rows: records.map((record) => columns.map((column) => exportCell(def, column, record, ctx))) };
}
