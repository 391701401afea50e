import { findSenderIdentityForMail } from '../../db/repositories/sender-identity.repo.js';
import type { Ctx } from '../context.js';
import type { JobPayload, SENDER_CODE_MAIL } from '../jobs/job-catalogue.js';
import { mailSenderName } from './mail-sender.js';
import { renderMail } from './mail-templates.js';
import { sendDocumentMail } from './send-document-mail.js';

/**
 * Mails a new sender identity's address the code that confirms it. It goes from FIRMA_MAIL_FROM
 * (the address is not trusted yet), names the platform that asked, and carries the code opened
 * from the sealed payload only here. A code past its time, superseded by a newer one, or for an
 * identity since verified or removed is not sent.
 */
export async function sendSenderCode(ctx: Ctx, payload: JobPayload<typeof SENDER_CODE_MAIL>): Promise<void> {
  if (Date.parse(payload.expiresAt) <= ctx.clock().getTime()) return;
  const identity = await findSenderIdentityForMail(ctx.db, payload.senderId);
  if (!identity || identity.verifiedAt || identity.codeExpiresAt !== payload.expiresAt) return;
  const senderName = await mailSenderName(ctx.db, identity.platformId);
  const content = renderMail('senderVerification', payload.language, {
    title: identity.email,
    recipientName: identity.name ?? '',
    senderMessage: null,
    actionUrl: null,
    role: '',
    code: ctx.secrets.open(payload.codeSealed),
    senderName,
  });
  await sendDocumentMail(ctx, { to: identity.email, ...content, senderName });
}
