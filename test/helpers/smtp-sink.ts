import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts, parsed. */
export interface SmtpSink {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Resolves once `count` messages matching `filter` have arrived. */
  waitFor(filter: (m: ParsedMail) => boolean, count?: number, timeoutMs?: number): Promise<ParsedMail[]>;
  stop(): Promise<void>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const envelope = {
        mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        rcptTo: session.envelope.rcptTo.map((r) => r.address),
      };
      simpleParser(stream)
        .then((mail) => {
          envelopes.set(mail, envelope);
          messages.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    async waitFor(filter, count = 1, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.filter(filter);
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(
            `expected ${count} mail(s), got ${found.length}: ${messages.map((m) => `${String(m.subject)} → ${JSON.stringify(m.to)}`).join('; ')}`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The SMTP envelope a message was accepted with (MAIL FROM, RCPT TO), as the server saw it. */
const envelopes = new WeakMap<ParsedMail, { mailFrom: string; rcptTo: string[] }>();
export const envelopeOf = (m: ParsedMail): { mailFrom: string; rcptTo: string[] } | undefined => envelopes.get(m);

export const recipientOf = (m: ParsedMail): string => {
  const to = Array.isArray(m.to) ? m.to[0] : m.to;
  return to?.value[0]?.address ?? '';
};
