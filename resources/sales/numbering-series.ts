import { defineResource, f, type RecordInput } from '../schema';
import { issue } from './rules';

/** What a series numbers: docs/domain.md#numbering, plus customer and supplier codes (C00001, F00001). */
export const DOCUMENT_KINDS = [
  'invoice',
  'creditNote',
  'proforma',
  'quote',
  'activity',
  'ticket',
  'workReport',
  'movement',
  'ddtIn',
  'contract',
  'customer',
  'supplier',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Placeholders of a format: `{number}` (or `{number:0000}`, zero-padded to 4 digits), `{year}`, `{yy}`, `{code}`. */
export const FORMAT_TOKEN = /\{(year|yy|code|number(?::0+)?)\}/g;

/** Whether a format names the number exactly once and no unknown placeholder. */
export function isValidFormat(format: string): boolean {
  const numbers = format.match(/\{number(?::0+)?\}/g) ?? [];
  return numbers.length === 1 && !/[{}]/.test(format.replace(FORMAT_TOKEN, ''));
}

/** `Q/{year}/{number:0000}` with number 7 in 2026 -> `Q/2026/0007`. */
export function formatNumber(format: string, values: { number: number; year: number; code: string }): string {
  return format.replace(FORMAT_TOKEN, (_token, name: string) => {
    if (name === 'year') return String(values.year);
    if (name === 'yy') return String(values.year % 100).padStart(2, '0');
    if (name === 'code') return values.code;
    const width = name.length > 'number'.length ? name.length - 'number:'.length : 0;
    return String(values.number).padStart(width, '0');
  });
}

const fields = {
  documentKind: f.enum(DOCUMENT_KINDS, { required: true }),
  code: f.text({ required: true, max: 10, pattern: /^[A-Za-z0-9-]+$/, searchable: true }),
  description: f.text({ max: 120, searchable: true }),
  format: f.text({ required: true, max: 40, default: '{year}/{number:0000}' }),
  resetYearly: f.boolean({ default: true }),
  /** The number the next document gets (in `year`, for a series that restarts every year). */
  nextNumber: f.integer({ required: true, min: 1, default: 1 }),
  /** The year `nextNumber` counts in: set by the numbering as documents are numbered. */
  year: f.integer({ readOnly: true }),
  /** Fiscal series (invoices) must stay gap-free and chronological. */
  fiscal: f.boolean({ default: false }),
  active: f.boolean({ default: true }),
};

type NumberingSeries = RecordInput<typeof fields>;

/**
 * A numbering series (docs/domain.md#numbering): numbers are handed out by
 * server/services/sales/numbering.ts under a lock on the series' row, in the transaction of the
 * document they number. The code is unique per document kind (checked by the sales hooks).
 */
export default defineResource({
  name: 'sales/numbering-series',
  service: 'sales',
  endpoint: 'numbering-series',
  table: 'numbering_series',
  recordRepresentation: ['code', 'description'],
  fields,
  rules: [
    (r: NumberingSeries) =>
      typeof r.format === 'string' && !isValidFormat(r.format) ? [issue('format', 'numberFormat')] : [],
  ],
  views: {
    list: {
      columns: ['documentKind', 'code', 'description', 'format', 'nextNumber', 'year', 'resetYearly', 'active'],
      sort: { field: 'documentKind', order: 'ASC' },
      filters: ['q', 'documentKind', 'active'],
    },
    form: {
      sections: [
        { id: 'series', fields: ['documentKind', 'code', 'description', 'active'] },
        { id: 'numbering', fields: ['format', 'resetYearly', 'nextNumber', 'year', 'fiscal'] },
      ],
    },
  },
});
