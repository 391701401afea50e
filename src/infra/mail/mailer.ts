import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | null;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /** Resolves once the message is accepted (by the SMTP server, or written to disk). Throws to be retried. */
  send(message: MailMessage): Promise<void>;
  readonly kind: 'smtp' | 'file';
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is written as an .eml file
 * under `<dataDir>/mail`, so the embedded default needs no mail server and nothing is lost. The
 * log says where a file went, never what link it carries.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; dataDir: string; log: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...toNodemailer(message) });
      },
    };
  }
  const dir = join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(message) {
      const info = (await transport.sendMail({ from: options.from, ...toNodemailer(message) })) as { message: Buffer };
      await mkdir(dir, { recursive: true });
      const path = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(path, info.message, { mode: 0o600 });
      options.log.info({ path, subject: message.subject }, 'mail written to file (no SMTP_URL configured)');
    },
  };
}

function toNodemailer(m: MailMessage) {
  return { to: m.to, subject: m.subject, text: m.text, html: m.html, ...(m.replyTo ? { replyTo: m.replyTo } : {}), ...(m.attachments ? { attachments: m.attachments } : {}) };
}
