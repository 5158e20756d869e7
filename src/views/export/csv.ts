import type { ExportCell } from './cells';

/** A CSV cell: plain text, or text a spreadsheet must keep as typed (written as the formula `="…"`). */
export type CsvCell = string | { literal: string };

/**
 * CSV text for spreadsheets: a UTF-8 byte order mark (so Excel reads accents right), values quoted when
 * they hold the separator, a quote or a line break, lines ended by CRLF. Italian Excel splits columns
 * on `;`, which is also the safe choice where decimals are written with a comma.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[], separator = ';'): string {
  const cell = (value: string) =>
    value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  // A cell starting with = + - @ would be a formula in a spreadsheet: a leading quote keeps it text.
  // Numbers and phone numbers (-12,5, +39 333 1234567) are left as they are.
  const safe = (value: string) => (/^[=+\-@\t\r]/.test(value) && !/^[+-]?[\d\s.,]+$/.test(value) ? `'${value}` : value);
  // `="0123"` is a formula whose result is the text itself: nothing in the quotes is evaluated.
  const render = (value: CsvCell) =>
    typeof value === 'string' ? cell(safe(value)) : cell(`="${value.literal.replaceAll('"', '""')}"`);
  return '\uFEFF' + rows.map((row) => row.map(render).join(separator)).join('\r\n') + '\r\n';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A wire decimal with the Italian decimal comma and no grouping: "1002.94" is "1002,94", digit for digit. */
export function italianDecimal(value: string): string {
  return value.replace('.', ',');
}

/**
 * One typed cell in the Italian convention Excel reads (docs/spa.md#exports): decimal comma, percentages
 * with their sign, dates as dd/mm/yyyy, date-times in the browser's time zone (as the lists show them),
 * codes and number-like text kept as text.
 */
export function italianCsvCell(cell: ExportCell): CsvCell {
  if (cell === null) return '';
  switch (cell.type) {
    case 'number':
      return cell.style === 'percent' ? `${italianDecimal(cell.value)}%` : italianDecimal(cell.value);
    case 'date': {
      const [y, m, d] = cell.value.split('-');
      return `${d}/${m}/${y}`;
    }
    case 'datetime': {
      const t = new Date(cell.value);
      return `${pad(t.getDate())}/${pad(t.getMonth() + 1)}/${t.getFullYear()} ${pad(t.getHours())}:${pad(t.getMinutes())}`;
    }
    case 'text':
      // Excel's formulas hold at most 255 characters of text; no code is that long.
      return cell.code && cell.value.length <= 255 ? { literal: cell.value } : cell.value;
  }
}

/** The whole CSV file of an export: the translated header, then a line per record. */
export function italianCsv(header: readonly string[], rows: readonly (readonly ExportCell[])[]): string {
  return toCsv([header, ...rows.map((row) => row.map(italianCsvCell))]);
}
