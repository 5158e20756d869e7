import { serviceUrl } from '../../../app/services';
import { http } from '../../../app/session';
import { downloadPdf as downloadSavedPdf } from '../../../views/pdf/download';

type Row = Record<string, unknown>;

/** A work report as the screen reads it (resources/sales/work-reports.ts). */
export interface WorkReport extends Row {
  id: string;
  version: number;
  number: string | null;
  status: 'draft' | 'signed' | 'sent';
  date: string;
  outcome: string;
  totalHours: string | null;
  workDescription: string;
  timeEntries: Row[] | null;
  materials: Row[] | null;
  fgasLines: Row[] | null;
  signerName: string | null;
  signedAt: string | null;
  sentAt: string | null;
}

function reportsUrl(): string {
  const base = serviceUrl('sales');
  if (!base) throw new Error('app.errors.system');
  return `${base.replace(/\/+$/, '')}/api/work-reports`;
}

/** The activity's report: made now from the completed activity, or the one already made (docs/wire-contract.md#work-reports). */
export async function reportOfActivity(activityId: string): Promise<WorkReport> {
  const { json } = await http<{ data: WorkReport }>(`${reportsUrl()}/from-activity`, {
    method: 'POST',
    body: { activityId },
  });
  return json.data;
}

/** Saves the report's PDF under its number (src/views/pdf/download.ts). */
export function downloadPdf(report: WorkReport): Promise<void> {
  return downloadSavedPdf(`${reportsUrl()}/${report.id}/pdf`, report.number ?? 'rapporto');
}
