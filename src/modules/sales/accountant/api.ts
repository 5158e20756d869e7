import { serviceUrl } from '../../../app/services';
import { http } from '../../../app/session';
import { saveFile } from '../../../views/save-file';
import type { Period } from './periods';

export type ExportKind = 'zip' | 'csv' | 'xlsx';

/** The service's URL of an export (docs/wire-contract.md#accountant-exports). */
export function exportUrl(kind: ExportKind, period: Period): string {
  const base = (serviceUrl('sales') ?? '/sales').replace(/\/+$/, '');
  const search = new URLSearchParams({ from: period.from, to: period.to });
  if (kind === 'zip') return `${base}/api/fatturapa/export?${search.toString()}`;
  search.set('format', kind);
  return `${base}/api/vat-register?${search.toString()}`;
}

/**
 * Fetches an export with the user's token (a plain link would carry none) and saves it under `fileName`.
 * A refusal throws the client's HttpError, whose problem names what is wrong.
 */
export async function downloadExport(kind: ExportKind, period: Period, fileName: string): Promise<void> {
  const { json: blob } = await http<Blob>(exportUrl(kind, period), { responseType: 'blob' });
  saveFile(blob, fileName);
}
