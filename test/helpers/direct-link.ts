import type { ParsedMail } from 'mailparser';
import assert from 'node:assert/strict';
import type { HttpClient } from './http-client.js';
import { recipientOf, type SmtpSink } from './smtp-sink.js';
import { createDirectTemplate } from './templates.js';

/** A direct-link code mail (any language: the code is its only 6-digit number). */
export const isCodeMail = (m: ParsedMail, email: string) =>
  recipientOf(m) === email.toLowerCase() && /\b\d{6}\b/.test(m.text ?? '') && !/\/sign\//.test(m.text ?? '');

/**
 * Step one of a direct link: asks for a code for `email` and reads it from the mail that arrives
 * (the newest one to that address). Throws on any refusal.
 */
export async function directLinkCode(
  client: HttpClient,
  smtp: SmtpSink,
  token: string,
  email: string,
  options: { headers?: Record<string, string>; afterRequest?: () => Promise<unknown> } = {},
): Promise<string> {
  const before = smtp.messages.filter((m) => isCodeMail(m, email)).length;
  const res = await client.post(`/api/v2/direct/${token}/code`, { json: { email }, headers: options.headers ?? {} });
  if (res.status !== 200) throw new Error(`direct code: ${res.status} ${JSON.stringify(res.body)}`);
  // A server without a running worker: its test sends the queued mail here.
  await options.afterRequest?.();
  const mails = await smtp.waitFor((m) => isCodeMail(m, email), before + 1);
  return /\b(\d{6})\b/.exec(mails.at(-1)!.text ?? '')![1]!;
}

/** A direct-link template (createDirectTemplate) with its link for the visitor's recipient: its template id and token. */
export async function createDirectLink(client: HttpClient): Promise<{ templateId: number; token: string }> {
  const t = await createDirectTemplate(client);
  const link = await client.post('/api/v2/template/direct/create', {
    json: { templateId: t.templateId, directRecipientId: t.client },
  });
  assert.equal(link.status, 200, JSON.stringify(link.body));
  return { templateId: t.templateId, token: link.body.token as string };
}
