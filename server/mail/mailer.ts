import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { toEml, type Mail } from './eml';

export { parseEml, readOutbox, toEml, type Mail, type MailAttachment, type OutboxMail } from './eml';

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

/**
 * The one way the services send mail (password reset, documents to customers): SMTP when configured,
 * else one .eml file per mail in the dev outbox, else a warning in the log.
 */
export function createMailer(options: MailOptions, log: FastifyBaseLogger): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    // nodemailer is loaded with the first mail, not at start-up.
    let transport: Promise<Transporter> | undefined;
    return {
      slow: true,
      async send(mail) {
        transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
        await (
          await transport
        ).sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: (mail.attachments ?? []).map((file) => ({
            filename: file.fileName,
            content: file.content,
            contentType: file.mimeType,
          })),
        });
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
