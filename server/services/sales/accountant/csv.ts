/**
 * CSV as Italian spreadsheets open it (docs/wire-contract.md#accountant-exports), the server's twin of the
 * SPA's list exports (docs/spa.md#exports): UTF-8 with a byte order mark, `;` between cells, CRLF lines.
 */

/** Plain text, or a code a spreadsheet must keep as typed (leading zeros of a VAT number): `="…"`. */
export type CsvCell = string | { literal: string };

/** A cell quoted when it holds the separator, a quote or a line break; a would-be formula kept as text. */
function render(value: CsvCell, separator: string): string {
  const text =
    typeof value === 'string'
      ? // A cell starting with = + - @ would be a formula: a leading quote keeps it text; signed numbers stay.
        /^[=+\-@\t\r]/.test(value) && !/^[+-]?[\d\s.,]+$/.test(value)
        ? `'${value}`
        : value
      : `="${value.literal.replaceAll('"', '""')}"`;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[], separator = ';'): string {
  return '\uFEFF' + rows.map((row) => row.map((cell) => render(cell, separator)).join(separator)).join('\r\n') + '\r\n';
}

/** A wire decimal with the Italian decimal comma and no grouping: "-1002.94" is "-1002,94". */
export const italianDecimal = (value: string): string => value.replace('.', ',');

/** An ISO date as dd/mm/yyyy. */
export function italianDate(value: string): string {
  const [y, m, d] = value.split('-');
  return `${d}/${m}/${y}`;
}

/** A code kept as text (an empty one is an empty cell, not `=""`). */
export const code = (value: string): CsvCell => (value === '' ? '' : { literal: value });
