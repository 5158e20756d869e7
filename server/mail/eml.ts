import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A file sent with a mail (a document's PDF). */
export interface MailAttachment {
  fileName: string;
  mimeType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

/** Header values come from our catalogue and validated addresses; line breaks are dropped all the same. */
const headerValue = (value: string): string => value.replace(/[\r\n]+/g, ' ');

/** RFC 2047: a non-ASCII subject travels base64-encoded. */
function encodeWord(value: string): string {
  const clean = headerValue(value);
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

/** An attachment's file name as a quoted RFC 2231 parameter: its exact UTF-8 name, percent-encoded. */
function fileNameParameter(name: string): string {
  return `filename*=UTF-8''${encodeURIComponent(headerValue(name)).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

/**
 * An RFC 5322 message any mail client opens: plain text in UTF-8 8bit, and with attachments a
 * multipart/mixed body whose files travel base64 in 76-character lines.
 */
export function toEml(from: string, mail: Mail, date: Date): string {
  const headers = [
    `From: ${headerValue(from)}`,
    `To: ${headerValue(mail.to)}`,
    `Subject: ${encodeWord(mail.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${randomUUID()}@climatica.local>`,
    'MIME-Version: 1.0',
  ];
  const textPart = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit'];
  const attachments = mail.attachments ?? [];
  if (attachments.length === 0) return `${[...headers, ...textPart].join('\r\n')}\r\n\r\n${crlf(mail.text)}`;
  const boundary = `----=_climatica_${randomUUID()}`;
  const parts = [
    `${textPart.join('\r\n')}\r\n\r\n${crlf(mail.text)}`,
    ...attachments.map((file) =>
      [
        `Content-Type: ${headerValue(file.mimeType)}`,
        'Content-Transfer-Encoding: base64',
        `Content-Disposition: attachment; ${fileNameParameter(file.fileName)}`,
        '',
        (file.content.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n'),
      ].join('\r\n'),
    ),
  ];
  const body = parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('') + `--${boundary}--\r\n`;
  return `${[...headers, `Content-Type: multipart/mixed; boundary="${boundary}"`].join('\r\n')}\r\n\r\n${body}`;
}

export interface OutboxAttachment {
  fileName: string;
  mimeType: string;
  /** Bytes of the decoded file. */
  size: number;
}

export interface OutboxMail {
  id: string;
  date: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: OutboxAttachment[];
}

function decodeWord(value: string): string {
  return value.replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=/gi, (_m, b64: string) =>
    Buffer.from(b64, 'base64').toString('utf8'),
  );
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: split < 0 ? '' : raw.slice(split + 4) };
}

function attachmentOf(part: { headers: Map<string, string>; body: string }): OutboxAttachment {
  const encoded = /filename\*=UTF-8''([^;\s]+)/i.exec(part.headers.get('content-disposition') ?? '');
  return {
    fileName: encoded ? decodeURIComponent(encoded[1]) : '',
    mimeType: part.headers.get('content-type') ?? '',
    size: Buffer.from(part.body.replace(/\s+/g, ''), 'base64').length,
  };
}

/** Reads back a message written by toEml. */
export function parseEml(id: string, eml: string): OutboxMail {
  const { headers, body } = splitHead(eml);
  const date = Date.parse(headers.get('date') ?? '');
  const boundary = /boundary="([^"]+)"/.exec(headers.get('content-type') ?? '')?.[1];
  let text = body;
  const attachments: OutboxAttachment[] = [];
  if (boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((part) => splitHead(part.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    text = parts[0]?.body ?? '';
    attachments.push(...parts.slice(1).map(attachmentOf));
  }
  return {
    id,
    date: Number.isNaN(date) ? '' : new Date(date).toISOString(),
    from: headers.get('from') ?? '',
    to: headers.get('to') ?? '',
    subject: decodeWord(headers.get('subject') ?? ''),
    text: text.replace(/\r\n/g, '\n'),
    attachments,
  };
}

/** The newest mails of the outbox first. */
export async function readOutbox(dir: string, limit: number): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const newest = names.sort().reverse().slice(0, limit);
  return Promise.all(newest.map(async (name) => parseEml(name, await readFile(join(dir, name), 'utf8'))));
}
