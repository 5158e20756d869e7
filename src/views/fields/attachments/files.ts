import type { Attachment } from '../../../../resources/schema';
import { serviceUrl } from '../../../app/services';
import { http } from '../../../app/session';

/** Types a browser may show from an object URL; everything else is saved, never rendered in our origin. */
const SHOWABLE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export const isImage = (mimeType: string) => SHOWABLE.has(mimeType) && mimeType.startsWith('image/');

/** The storage service's base URL from the tenant config, as the data providers resolve theirs. */
function storageBase(): string {
  const base = serviceUrl('storage');
  if (!base) throw new Error('attachments.unavailable');
  return base.replace(/\/+$/, '');
}

export const storageAvailable = (): boolean => serviceUrl('storage') !== undefined;

/** POST {storage}/api/files: the bearer token and the 401 refresh come with the http client. */
export async function uploadFile(file: File, signal?: AbortSignal): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { json } = await http<{ data: Attachment }>(`${storageBase()}/api/files`, {
    method: 'POST',
    body: form,
    signal,
  });
  const { driverUid, name, fileName, mimeType, size } = json.data;
  return { driverUid, name, fileName, mimeType, size };
}

/** GET {storage}/api/files/get or /get-directly with driverUid and name (docs/wire-contract.md#files): the file's bytes. */
export async function fetchFile(file: Attachment, directly: boolean, signal?: AbortSignal): Promise<Blob> {
  const query = new URLSearchParams({ driverUid: file.driverUid, name: file.name });
  const path = directly ? 'get-directly' : 'get';
  const { json } = await http<Blob>(`${storageBase()}/api/files/${path}?${query}`, { responseType: 'blob', signal });
  return json;
}

/**
 * Opens a PDF or an image in a new tab, or saves any other file under its name, through an object URL.
 * The tab is opened before the download so the browser counts it as the user's click, not a pop-up.
 */
export async function openFile(file: Attachment): Promise<void> {
  const showable = SHOWABLE.has(file.mimeType);
  const tab = showable ? window.open('', '_blank') : null;
  // The tab shows a file, nothing in it needs this window.
  if (tab) tab.opener = null;
  try {
    const blob = await fetchFile(file, showable);
    // The type is the one storage detected; a blob is shown only when it is one of ours to show.
    const url = URL.createObjectURL(showable && SHOWABLE.has(blob.type) ? blob : new Blob([blob]));
    if (tab && SHOWABLE.has(blob.type)) {
      tab.location.href = url;
    } else {
      tab?.close();
      const link = document.createElement('a');
      link.href = url;
      link.download = file.fileName;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
    }
    // Long enough for the tab or the download to read it.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** "12 B", "3,4 kB", "1,2 MB" in the user's locale. */
export function formatSize(bytes: number, locale: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
