import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Transporter, TransportOptions } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import type { Logger } from 'pino';
import { eraseOutboxMailsAbout } from './outbox-erasure.js';
import { errnoWords, StartupError } from '../../startup-error.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one action link of the mail, for the outbox log line. */
  link?: string;
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) of a reminder. */
  headers?: Record<string, string>;
  /** Files sent along, e.g. the `.ics` of a teacher lesson. */
  attachments?: { filename: string; content: string; contentType: string }[];
}

/** The mail port: SMTP when configured, otherwise the local outbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Erasure: removes kept copies of the mails to `email` or naming it (the outbox's files; SMTP
   * keeps none).
   */
  eraseMailsAbout(email: string): Promise<number>;
}

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

/**
 * Shows where a link goes without what makes it work: secrets stay out of logs, the full link
 * is in the .eml file (`stickwork mail show`).
 */
export const redactLink = (link: string): string => link.replace(/([?&]secret=)[^&]*/g, '$1…');

/** nodemailer is loaded with the first mail, not at start-up. */
const lazyTransport = (
  options: string | SMTPTransport.Options | StreamTransport.Options | TransportOptions,
) => {
  let transport: Promise<Transporter> | undefined;
  return () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options),
    ));
};

const send = async (transport: () => Promise<Transporter>, from: string, mail: OutgoingMail) =>
  (await transport()).sendMail({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
  });

export const createSmtpMailer = (smtpUrl: string, from: string): Mailer => {
  const transport = lazyTransport(smtpUrl);
  return {
    kind: 'smtp',
    send: async (mail) => void (await send(transport, from, mail)),
    eraseMailsAbout: () => Promise.resolve(0),
  };
};

/**
 * Checked at start: DATA_DIR/outbox, where it exists, is a folder. Otherwise every mail would fail
 * while serving (a 503 for the drummer) and an erasure could not sweep it.
 */
export const assertOutboxIsAFolder = (dataDir: string): void => {
  const dir = outboxDir(dataDir);
  let stats: fs.Stats;
  try {
    stats = fs.lstatSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // made with the first mail
    throw new StartupError(`the outbox ${dir} cannot be read: ${errnoWords(error)}`);
  }
  if (!stats.isDirectory())
    throw new StartupError(
      `the outbox ${dir} is not a folder: move it away (mails are written into DATA_DIR/outbox/)`,
    );
};

/** Local default: each mail becomes a real RFC 5322 message in DATA_DIR/outbox/. */
export const createOutboxMailer = (dataDir: string, from: string, logger: Logger): Mailer => {
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(dataDir);
  return {
    kind: 'outbox',
    eraseMailsAbout: (email) => eraseOutboxMailsAbout(dir, email),
    send: async (mail) => {
      const info = await send(transport, from, mail);
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      fs.writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      logger.info(
        { outboxFile: file, link: mail.link ? redactLink(mail.link) : undefined },
        `mail written to the outbox: ${mail.subject}`,
      );
    },
  };
};
