/** The contract test's summary: one row per definition, one column per kind of check. */
export const COLUMNS = ['record', 'read', 'filters', 'sorts', 'update', 'invalid', 'delete', 'tenant'] as const;
export type Column = (typeof COLUMNS)[number];

interface Cell {
  passed: string[];
  failed: string[];
  /** Checks with nothing to check (a filter on a field both records leave empty). */
  skipped: string[];
  notes: string[];
}

export class Report {
  private readonly rows = new Map<string, Map<Column, Cell>>();

  private cell(resource: string, column: Column): Cell {
    let row = this.rows.get(resource);
    if (!row) this.rows.set(resource, (row = new Map()));
    let cell = row.get(column);
    if (!cell) row.set(column, (cell = { passed: [], failed: [], skipped: [], notes: [] }));
    return cell;
  }

  /** A note shown in the cell as is (where the record came from, which field was updated). */
  note(resource: string, column: Column, text: string): void {
    this.cell(resource, column).notes.push(text);
  }

  /** A check that had nothing to work on: counted, so the table shows what was not exercised. */
  skip(resource: string, column: Column, label: string): void {
    this.cell(resource, column).skipped.push(label);
  }

  /** Runs one check, recording it as passed or failed under its column, and lets a failure through. */
  async check(resource: string, column: Column, label: string, work: () => Promise<void>): Promise<void> {
    const cell = this.cell(resource, column);
    try {
      await work();
      cell.passed.push(label);
    } catch (error) {
      cell.failed.push(label);
      throw error;
    }
  }

  private render(cell: Cell | undefined): string {
    if (!cell) return '-';
    const parts = [...cell.notes];
    if (cell.passed.length > 0 && (cell.passed.length > 1 || cell.notes.length === 0))
      parts.push(cell.passed.length > 1 ? `${cell.passed.length} ok` : cell.passed[0]);
    if (cell.skipped.length > 0) parts.push(`${cell.skipped.length} n/a`);
    if (cell.failed.length > 0) parts.push(`FAIL ${cell.failed.join('; ')}`);
    return parts.join(', ') || '-';
  }

  /** A Markdown table: readable in the terminal and pasteable into a report. */
  table(): string {
    const header = ['resource', ...COLUMNS];
    const lines = [...this.rows.entries()].map(([name, row]) => [name, ...COLUMNS.map((c) => this.render(row.get(c)))]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
    return [format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join('\n');
  }
}
