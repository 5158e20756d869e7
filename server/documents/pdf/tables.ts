import type { Content } from './engine';

/** A column of a lines table: its heading, width (pdfmake: '*', 'auto' or points) and alignment. */
export interface Column<L> {
  header: string;
  width?: string | number;
  align?: 'left' | 'right' | 'center';
  value: (line: L) => string;
}

/**
 * The table of a document's lines (materials, time entries, invoice lines): a header row repeated on
 * every page, light horizontal rules, numbers aligned right by the column's `align`; `empty` stands in
 * for no lines.
 */
export function linesTable<L>(columns: readonly Column<L>[], lines: readonly L[], empty: string): Content {
  if (lines.length === 0) return { text: empty, style: 'small', italics: true };
  return {
    table: {
      headerRows: 1,
      widths: columns.map((c) => c.width ?? '*'),
      body: [
        columns.map((c) => ({ text: c.header, style: 'tableHeader', alignment: c.align ?? 'left' })),
        ...lines.map((line) => columns.map((c) => ({ text: c.value(line), alignment: c.align ?? 'left' }))),
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 2, 0, 4],
  };
}

/** Label-value pairs in two columns, for a document's head (customer, site, dates). */
export function facts(pairs: readonly (readonly [string, string])[]): Content {
  const shown = pairs.filter(([, value]) => value !== '');
  return {
    table: {
      widths: [110, '*'],
      body: shown.map(([label, value]) => [{ text: label, style: 'label' }, { text: value }]),
    },
    layout: 'noBorders',
  };
}
