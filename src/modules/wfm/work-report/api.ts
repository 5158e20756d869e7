import { serviceUrl } from '../../../app/services';
import { http } from '../../../app/session';

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

/** Saves the report's PDF under its number, through the authenticated client (a plain link has no token). */
export async function downloadPdf(report: WorkReport): Promise<void> {
  const { json: blob } = await http<Blob>(`${reportsUrl()}/${report.id}/pdf`, { responseType: 'blob' });
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${(report.number ?? 'rapporto').replace(/\//g, '-')}.pdf`;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Later, so the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
