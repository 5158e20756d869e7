import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * SMTP may take seconds: callers send in the background, so how long a request takes does not
   * tell whether a mail went out. The outbox is a local file write, awaited so it can be read at once.
   */
  readonly slow: boolean;
}

export interface MailOptions {
  /** SMTP server, e.g. `smtp://user:pass@host:587`; when absent, mails go to the outbox folder. */
  smtpUrl?: string;
  from: string;
  /** The dev outbox: one .eml file per mail. */
  outboxDir?: string;
}

export function createMailer(options: MailOptions, log: FastifyBaseLogger): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      slow: true,
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  const dir = options.outboxDir;
  if (!dir) {
    return {
      slow: false,
      async send(mail) {
        log.warn({ to: mail.to, subject: mail.subject }, 'no SMTP_URL and no outbox folder: mail not delivered');
      },
    };
  }
  return {
    slow: false,
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const date = new Date();
      // The timestamp first, so file names sort by time; the uuid keeps two mails of one millisecond apart.
      const name = `${date.toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      await writeFile(join(dir, name), toEml(options.from, mail, date), { mode: 0o600 });
    },
  };
}

/** Header values come from our catalogue and validated addresses; line breaks are dropped all the same. */
const headerValue = (value: string): string => value.replace(/[\r\n]+/g, ' ');

/** RFC 2047: a non-ASCII subject travels base64-encoded. */
function encodeWord(value: string): string {
  const clean = headerValue(value);
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

/** A plain-text RFC 5322 message, UTF-8 in 8bit, that any mail client opens. */
export function toEml(from: string, mail: Mail, date: Date): string {
  const headers = [
    `From: ${headerValue(from)}`,
    `To: ${headerValue(mail.to)}`,
    `Subject: ${encodeWord(mail.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${randomUUID()}@climatica.local>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${mail.text.replace(/\r?\n/g, '\r\n')}`;
}

export interface OutboxMail {
  id: string;
  date: string;
  from: string;
  to: string;
  subject: string;
  text: string;
}

function decodeWord(value: string): string {
  return value.replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=/gi, (_m, b64: string) =>
    Buffer.from(b64, 'base64').toString('utf8'),
  );
}

/** Reads back a message written by toEml. */
export function parseEml(id: string, eml: string): OutboxMail {
  const split = eml.indexOf('\r\n\r\n');
  const head = split < 0 ? eml : eml.slice(0, split);
  const body = split < 0 ? '' : eml.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const date = Date.parse(headers.get('date') ?? '');
  return {
    id,
    date: Number.isNaN(date) ? '' : new Date(date).toISOString(),
    from: headers.get('from') ?? '',
    to: headers.get('to') ?? '',
    subject: decodeWord(headers.get('subject') ?? ''),
    text: body.replace(/\r\n/g, '\n'),
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
