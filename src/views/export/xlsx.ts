import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/browser';
import { decimal } from '../../../resources/schema';
import { significantDigits } from '../../app/format';
import type { ExportCell } from './cells';

/**
 * The XLSX side of an export (docs/spa.md#exports). Loaded only when a user asks for an XLSX file (a
 * dynamic import), so the writer never weighs on the lists themselves.
 */

/** A number format with `scale` fixed decimals and thousands grouping (Excel shows them in the user's locale). */
function numberFormat(scale: number): string {
  return scale > 0 ? `#,##0.${'0'.repeat(scale)}` : '#,##0';
}

/** The currency's symbol as the product shows it ("€" for EUR). */
function currencySymbol(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('it-IT', { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/**
 * A typed cell. Spreadsheet numbers are doubles: a decimal with more significant digits than a double
 * holds exactly stays text rather than be silently changed. Dates are written at UTC midnight (the
 * writer counts days from the UTC epoch); date-times at the wall-clock time the lists show.
 */
export function xlsxCell(cell: ExportCell, currency: string): Cell {
  if (cell === null) return null;
  switch (cell.type) {
    case 'number': {
      if (significantDigits(cell.value) > 15) return { value: cell.value, type: String };
      const scale = cell.scale ?? cell.value.split('.')[1]?.length ?? 0;
      if (cell.style === 'money')
        return {
          value: Number(cell.value),
          type: Number,
          format: `${numberFormat(scale)} "${currencySymbol(currency)}"`,
        };
      if (cell.style === 'percent') {
        // 22.00 (%) is the spreadsheet's 0.22 shown as 22,00%: formulas then compute with it as a rate.
        const rate = Number(decimal.dec(cell.value).div(100).toString());
        return { value: rate, type: Number, format: scale > 0 ? `0.${'0'.repeat(scale)}%` : '0%' };
      }
      return { value: Number(cell.value), type: Number, format: numberFormat(cell.style === 'integer' ? 0 : scale) };
    }
    case 'date': {
      const [y, m, d] = cell.value.split('-').map(Number);
      return { value: new Date(Date.UTC(y, m - 1, d)), type: Date, format: 'dd/mm/yyyy' };
    }
    case 'datetime': {
      const t = new Date(cell.value);
      const wall = Date.UTC(t.getFullYear(), t.getMonth(), t.getDate(), t.getHours(), t.getMinutes(), t.getSeconds());
      return { value: new Date(wall), type: Date, format: 'dd/mm/yyyy hh:mm' };
    }
    case 'text':
      // '@' marks the cell as text, so editing it in Excel does not turn a code into a number.
      return cell.code ? { value: cell.value, type: String, format: '@' } : { value: cell.value, type: String };
  }
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(title: string): string {
  return title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Export';
}

/** The rows of an export as sheet data: a bold header, then the typed cells. */
export function xlsxSheet(header: readonly string[], rows: readonly (readonly ExportCell[])[], currency: string) {
  const data: SheetData = [
    header.map((label) => ({ value: label, type: String, fontWeight: 'bold' as const })),
    ...rows.map((row) => row.map((cell) => xlsxCell(cell, currency))),
  ];
  // Widths from the longest text of each column, within reason (characters).
  const columns = header.map((label, i) => {
    const longest = Math.max(label.length, ...rows.slice(0, 200).map((row) => shownLength(row[i])));
    return { width: Math.min(Math.max(longest + 2, 10), 50) };
  });
  return { data, columns };
}

function shownLength(cell: ExportCell | undefined): number {
  if (!cell) return 0;
  if (cell.type === 'date') return 10;
  if (cell.type === 'datetime') return 16;
  return cell.value.length + (cell.type === 'number' ? 4 : 0);
}

/** The XLSX file of an export: one sheet, its header row bold and frozen. */
export async function toXlsx(
  header: readonly string[],
  rows: readonly (readonly ExportCell[])[],
  options: { title: string; currency: string },
): Promise<Blob> {
  const { data, columns } = xlsxSheet(header, rows, options.currency);
  return writeXlsxFile(data, { sheet: sheetName(options.title), columns, stickyRowsCount: 1 }).toBlob();
}
