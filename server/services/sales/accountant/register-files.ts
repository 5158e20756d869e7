import type { Cell, SheetData } from 'write-excel-file/node';
import { translate, type Lang } from '../../../http/lang';
import { code, italianDate, italianDecimal, toCsv, type CsvCell } from './csv';
import type { RegisterRow, RegisterTotal, VatRegister } from './register';

/**
 * The VAT sales register as files (docs/domain.md#the-vat-sales-register): a CSV for Italian spreadsheets and
 * an XLSX with typed cells. Both have the same grid: the header in the request's language, a row per document
 * and rate, then the totals per rate and natura under a title of their own.
 */

const COLUMNS = [
  'series',
  'number',
  'date',
  'documentType',
  'customer',
  'vatNumber',
  'taxCode',
  'total',
  'vatRate',
  'vatNature',
  'taxable',
  'vat',
  'chargeability',
] as const;

const SUMMARY = ['vatRate', 'vatNature', 'taxable', 'vat', 'splitVat', 'collectedVat'] as const;

/** A grid cell before its format: text, a code kept as text, an exact amount, a date, or nothing. */
type GridCell =
  | { text: string }
  | { code: string }
  | { amount: string; bold?: boolean }
  | { date: string }
  | { heading: string }
  | null;

function registerGrid(register: VatRegister, lang: Lang): GridCell[][] {
  const t = (key: string) => translate(lang, `accountant.register.${key}`);
  const documentType = (type: string) => translate(lang, `resources.sales/invoices.enums.documentType.${type}`);
  const row = (r: RegisterRow): GridCell[] => [
    { code: r.seriesCode },
    { code: r.number },
    { date: r.date },
    { text: documentType(r.documentType) },
    { text: r.customer },
    { code: r.vatNumber },
    { code: r.taxCode },
    r.total === null ? null : { amount: r.total },
    { amount: r.vatRate },
    r.vatNature ? { text: r.vatNature } : null,
    { amount: r.taxable },
    { amount: r.vat },
    { text: t(`chargeability.${r.splitPayment ? 'splitPayment' : 'immediate'}`) },
  ];
  const total = (r: Omit<RegisterTotal, 'vatRate' | 'vatNature'>, bold = false): GridCell[] => [
    { amount: r.taxable, bold },
    { amount: r.vat, bold },
    { amount: r.splitVat, bold },
    { amount: r.collectedVat, bold },
  ];
  return [
    COLUMNS.map((c) => ({ heading: t(`columns.${c}`) })),
    ...register.rows.map(row),
    [],
    [{ heading: t('summary.title') }],
    SUMMARY.map((c) => ({ heading: t(`summary.${c}`) })),
    ...register.totals.map((r) => [{ amount: r.vatRate }, r.vatNature ? { text: r.vatNature } : null, ...total(r)]),
    [{ heading: t('summary.total') }, null, ...total(register.grandTotal, true)],
  ];
}

function csvCell(cell: GridCell): CsvCell {
  if (cell === null) return '';
  if ('text' in cell) return cell.text;
  if ('heading' in cell) return cell.heading;
  if ('code' in cell) return code(cell.code);
  if ('date' in cell) return italianDate(cell.date);
  return italianDecimal(cell.amount);
}

/** The register as CSV: `;`, decimal comma, dd/mm/yyyy, codes kept as text, UTF-8 with BOM. */
export function registerCsv(register: VatRegister, lang: Lang): string {
  return toCsv(registerGrid(register, lang).map((row) => row.map(csvCell)));
}

function xlsxCell(cell: GridCell): Cell {
  if (cell === null) return null;
  if ('text' in cell) return { value: cell.text, type: String };
  if ('heading' in cell) return { value: cell.heading, type: String, fontWeight: 'bold' };
  // '@' marks the cell as text, so editing it in Excel does not turn a code into a number.
  if ('code' in cell) return cell.code === '' ? null : { value: cell.code, type: String, format: '@' };
  if ('date' in cell) {
    const [y, m, d] = cell.date.split('-').map(Number);
    return { value: new Date(Date.UTC(y, m - 1, d)), type: Date, format: 'dd/mm/yyyy' };
  }
  // The exact decimal string, converted once into the spreadsheet's number (two places fit a double exactly
  // enough to read back as written); the sums stay the register's, never recomputed in floats.
  return {
    value: Number(cell.amount),
    type: Number,
    format: '#,##0.00',
    ...(cell.bold ? { fontWeight: 'bold' as const } : {}),
  };
}

/** The register as an XLSX workbook: one sheet, numbers as numbers, dates as dates, the header frozen. */
export async function registerXlsx(register: VatRegister, lang: Lang): Promise<Buffer> {
  // Loaded with the first workbook asked for, not at start-up.
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const data: SheetData = registerGrid(register, lang).map((row) => row.map(xlsxCell));
  const widths = [10, 16, 12, 28, 36, 16, 18, 16, 14, 10, 16, 16, 30];
  return writeXlsxFile(data, {
    sheet: translate(lang, 'accountant.register.sheet').slice(0, 31),
    columns: widths.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBuffer();
}
