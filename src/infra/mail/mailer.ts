import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | null;
  /** Who sent the document: the From header then reads "<senderName> via <configured name>". */
  senderName?: string | null;
  /**
   * A verified sender identity's own address for From (FIRMA_MAIL_SENDER_FROM=identity); the
   * display name is then `senderName` alone. Absent: FIRMA_MAIL_FROM's address.
   */
  fromAddress?: string | null;
  attachments?: MailAttachment[];
}

/** A file sent with a message; with a `cid`, an inline part the HTML shows as `cid:<cid>`. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid?: string;
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
  const fromOf = fromHeader(options.from);
  if (options.smtpUrl) {
    // Bounded waits: a hung SMTP server fails the job (to be retried) instead of holding a worker.
    const transport = nodemailer.createTransport({
      ...smtpOptionsFromUrl(options.smtpUrl),
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: fromOf(message.senderName, message.fromAddress), ...toNodemailer(message) });
      },
    };
  }
  const dir = join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(message) {
      const info = (await transport.sendMail({
        from: fromOf(message.senderName, message.fromAddress),
        ...toNodemailer(message),
      })) as {
        message: Buffer;
      };
      await mkdir(dir, { recursive: true });
      const path = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      // Written aside and renamed, so a reader of the folder never sees half a message.
      await writeFile(`${path}.tmp`, info.message, { mode: 0o600 });
      await rename(`${path}.tmp`, path);
      options.log.info({ path, subject: message.subject }, 'mail written to file (no SMTP_URL configured)');
    },
  };
}

/**
 * smtp[s]://user:pass@host:port?option=value into nodemailer's options (nodemailer would parse the
 * URL itself, but then ignores every other option, such as the timeouts).
 */
export function smtpOptionsFromUrl(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const extra: Record<string, string | number | boolean> = {};
  for (const [key, value] of url.searchParams)
    extra[key] = value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value;
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    ...extra,
  };
}

/**
 * The From header for a message: FIRMA_MAIL_FROM as configured, or, for a document whose sender is
 * known, its address under the display name "<sender> via <configured name>". The name is handed
 * to nodemailer as a structured address, which quotes or encodes it (RFC 2047), so quotes, commas,
 * accents or a line break in it stay inside the display name; line breaks are folded away first.
 */
export function fromHeader(
  configured: string,
): (senderName?: string | null, fromAddress?: string | null) => string | { name: string; address: string } {
  const [parsed] = addressparser(configured, { flatten: true });
  return (senderName, fromAddress) => {
    const sender = senderName?.replace(/[\p{Cc}\s]+/gu, ' ').trim();
    // A verified identity's own address: its name as it is, without "via" (the mail is theirs).
    if (fromAddress) return { name: sender ?? '', address: fromAddress };
    if (!sender || !parsed?.address) return configured;
    return { name: parsed.name ? `${sender} via ${parsed.name}` : sender, address: parsed.address };
  };
}

function toNodemailer(m: MailMessage) {
  return {
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    ...(m.replyTo ? { replyTo: m.replyTo } : {}),
    ...(m.attachments ? { attachments: m.attachments } : {}),
  };
}
