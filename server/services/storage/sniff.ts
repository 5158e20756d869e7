import { extensionOf } from './names';

/** A type the service stores: how it is recognised by name, and how it may be served. */
interface AcceptedType {
  mime: string;
  extensions: readonly string[];
  /** Declared types (the part's Content-Type) that are consistent with it besides `mime` itself. */
  declared?: readonly string[];
  /** Shown in the browser by get-directly; everything else is always a download. */
  inline?: boolean;
}

// Containers: browsers and mail clients often declare them as plain zip or as bytes.
const ZIP_ALIASES = ['application/zip', 'application/x-zip-compressed', 'application/x-zip'];

const ACCEPTED: readonly AcceptedType[] = [
  { mime: 'application/pdf', extensions: ['pdf'], inline: true },
  { mime: 'image/png', extensions: ['png'], inline: true },
  {
    mime: 'image/jpeg',
    extensions: ['jpg', 'jpeg', 'jpe', 'jfif'],
    declared: ['image/jpg', 'image/pjpeg'],
    inline: true,
  },
  { mime: 'image/gif', extensions: ['gif'], inline: true },
  { mime: 'image/webp', extensions: ['webp'], inline: true },
  {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    declared: ZIP_ALIASES,
  },
  {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
    declared: ZIP_ALIASES,
  },
  {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
    declared: ZIP_ALIASES,
  },
  { mime: 'application/vnd.oasis.opendocument.text', extensions: ['odt'], declared: ZIP_ALIASES },
  { mime: 'application/vnd.oasis.opendocument.spreadsheet', extensions: ['ods'], declared: ZIP_ALIASES },
  { mime: 'application/vnd.oasis.opendocument.presentation', extensions: ['odp'], declared: ZIP_ALIASES },
  { mime: 'application/zip', extensions: ['zip'], declared: ZIP_ALIASES },
  { mime: 'text/plain', extensions: ['txt'] },
  // Spreadsheet programs register .csv, so Windows browsers declare it as Excel.
  {
    mime: 'text/csv',
    extensions: ['csv'],
    declared: [
      'text/plain',
      'application/csv',
      'text/x-csv',
      'text/comma-separated-values',
      'application/vnd.ms-excel',
    ],
  },
];

/** Declared types that say nothing about the content. */
const GENERIC_DECLARED = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** What the upload stream learnt about the bytes while writing them. */
export interface ContentFacts {
  /** The temporary file holding the bytes. */
  path: string;
  fileName: string;
  /** The part's Content-Type, as the client declared it. */
  declaredType: string;
  /** No NUL byte and valid UTF-8 throughout. */
  isText: boolean;
  /** The first bytes decoded as UTF-8 (only meaningful when isText). */
  head: string;
}

export type Verdict =
  | { ok: true; mimeType: string }
  | { ok: false; reason: 'type'; detected: string }
  | { ok: false; reason: 'mismatch'; detected: string };

// What a browser would render as a document if it ever sniffed the bytes (WHATWG MIME Sniffing, section 7.1).
const HTML_START =
  /^<(?:!doctype\s+html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)(?:[\s>]|$)/i;

function markupType(head: string): string | undefined {
  const start = head.replace(/^\uFEFF/, '').trimStart();
  if (HTML_START.test(start)) return 'text/html';
  if (/^<svg(?:[\s>]|$)/i.test(start)) return 'image/svg+xml';
  if (/^<\?xml/i.test(start)) return 'application/xml';
  return undefined;
}

/**
 * Decides the stored type from the content, then checks the client's name and declared type agree
 * with it: a PNG named `.pdf` is refused rather than stored under a type its name contradicts, and
 * HTML, SVG or executables are refused however they are named.
 */
export async function classify(facts: ContentFacts): Promise<Verdict> {
  // Loaded on the first upload, not at start-up.
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(facts.path);
  let type: AcceptedType | undefined;
  if (detected) {
    type = ACCEPTED.find((t) => t.mime === detected.mime);
    if (!type || type.mime.startsWith('text/')) return { ok: false, reason: 'type', detected: detected.mime };
  } else {
    if (!facts.isText) return { ok: false, reason: 'type', detected: 'application/octet-stream' };
    const markup = markupType(facts.head);
    if (markup) return { ok: false, reason: 'type', detected: markup };
    // Text has no signature: its name decides between the text types we keep, and nothing else is text.
    type = ACCEPTED.find((t) => t.mime.startsWith('text/') && t.extensions.includes(extensionOf(facts.fileName)));
    if (!type) return { ok: false, reason: 'mismatch', detected: 'text/plain' };
  }
  const ext = extensionOf(facts.fileName);
  if (ext && !type.extensions.includes(ext)) return { ok: false, reason: 'mismatch', detected: type.mime };
  const declared = facts.declaredType.split(';')[0].trim().toLowerCase();
  if (!GENERIC_DECLARED.has(declared) && declared !== type.mime && !type.declared?.includes(declared)) {
    return { ok: false, reason: 'mismatch', detected: type.mime };
  }
  return { ok: true, mimeType: type.mime };
}

/** Whether get-directly may show the type in the browser rather than download it. */
export function isInline(mimeType: string): boolean {
  return ACCEPTED.some((t) => t.mime === mimeType && t.inline === true);
}

/** The Content-Type header of a stored type: text is always UTF-8 (uploads are checked to be). */
export function contentTypeHeader(mimeType: string): string {
  return mimeType.startsWith('text/') ? `${mimeType}; charset=utf-8` : mimeType;
}
