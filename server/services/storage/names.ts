/**
 * File names as clients send them are display text, never paths: this module makes them harmless to
 * store, show and put in a Content-Disposition header.
 */

/** Generated stored names: lower-case v4 uuids, so nothing else (`..`, `/`, `%2e`, `\`) ever names a file. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const MAX_NAME_LENGTH = 200;

// Control characters, and the bidirectional overrides that make "invoice‮fdp.exe" read as "invoiceexe.pdf".
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The last path segment of a client's file name, without control or bidi characters, at most 200 characters. */
export function sanitizeFileName(raw: string | undefined): string {
  const base = (raw ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = base.replace(UNSAFE, '').replace(/\s+/g, ' ').trim();
  // A name made of dots only would read as a directory to whoever saves it.
  if (/^\.*$/.test(name)) name = '';
  if (name.length > MAX_NAME_LENGTH) {
    const ext = extensionOf(name);
    const keep = ext && ext.length < 20 ? `.${ext}` : '';
    name = name.slice(0, MAX_NAME_LENGTH - keep.length).trimEnd() + keep;
  }
  return name || 'file';
}

/** Lower-case extension without the dot, or '' when the name has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * `attachment; filename="Preventivo _ 2024.pdf"; filename*=UTF-8''Preventivo%20%C3%A8%202024.pdf`:
 * an ASCII fallback for old clients and the exact name per RFC 6266 / RFC 8187.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** "20 MiB", "512 KiB", "1000 bytes": how a size limit reads in a message. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
