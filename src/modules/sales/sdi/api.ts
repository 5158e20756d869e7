import { HttpError } from 'react-admin';
import { serviceUrl } from '../../../app/services';
import { http } from '../../../app/session';
import { saveFile } from '../../../views/save-file';

type Row = Record<string, unknown>;

const salesApi = (path: string) => `${(serviceUrl('sales') ?? '').replace(/\/+$/, '')}/api/${path}`;

/** The file name of a download's Content-Disposition (`attachment; filename="IT…_….xml"`). */
export function attachmentName(header: string | null): string | undefined {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1];
}

/**
 * Saves the invoice's FatturaPA XML (docs/wire-contract.md#electronic-invoice) through the authenticated client,
 * under the name the service gives it (its transmission's file name, assigned on the first download).
 */
export async function downloadFatturaXml(invoiceId: string, fallback: string): Promise<string> {
  const { json: blob, headers } = await http<Blob>(salesApi(`invoices/${invoiceId}/fatturapa`), {
    responseType: 'blob',
  });
  const name = attachmentName(headers.get('content-disposition')) ?? fallback;
  saveFile(new Blob([blob], { type: 'application/xml' }), name);
  return name;
}

/** Uploads a receipt file (docs/wire-contract.md#sdi-receipts): the history row, and whether it is new. */
export async function importReceipt(file: File): Promise<{ event: Row; created: boolean }> {
  const body = new FormData();
  body.append('file', file, file.name);
  const { json, status } = await http<{ data: Row }>(salesApi('sdi/receipts'), { method: 'POST', body });
  return { event: json.data, created: status === 201 };
}

/** What a refusal says: the messages of its fields (they name the problem), else its own message. */
export function refusalText(error: unknown, translate: (key: string, options?: object) => string): string {
  if (!(error instanceof HttpError)) return translate('app.errors.system');
  const messages: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node === 'string') messages.push(node);
    else if (node && typeof node === 'object') for (const value of Object.values(node)) walk(value);
  };
  walk((error.body as { errors?: unknown } | undefined)?.errors);
  return messages.length > 0 ? messages.join(' · ') : translate(error.message, { _: error.message });
}
