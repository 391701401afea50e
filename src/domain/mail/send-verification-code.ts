import { findEnvelopeForMail, findRecipientForMail } from '../../db/repositories/mail.repo.js';
import type { Ctx } from '../context.js';
import type { JobPayload, VERIFICATION_CODE_MAIL } from '../jobs/job-catalogue.js';
import { documentMailBrand, inline } from './mail-brand.js';
import { documentSender, mailSenderName } from './mail-sender.js';
import { sendDocumentMail } from './send-document-mail.js';
import { renderMail } from './mail-templates.js';

/**
 * Mails a recipient the one-time code it asked for (the job was queued in the transaction that
 * stored the code's hash). The code is opened from the sealed payload only here, and goes nowhere
 * but the message. A code whose 10 minutes are over, or a recipient who no longer needs it, is
 * not sent: a late mail would only confuse. An access code is needed in any state of the document
 * (after completion it opens the signed copy and certificate); an action code only while the
 * recipient can still sign.
 */
export async function sendVerificationCode(
  ctx: Ctx,
  payload: JobPayload<typeof VERIFICATION_CODE_MAIL>,
): Promise<void> {
  if (Date.parse(payload.expiresAt) <= ctx.clock().getTime()) return;
  const recipient = await findRecipientForMail(ctx.db, payload.recipientId);
  const access = payload.purpose === 'access';
  if (!recipient || !recipient.email || (!access && recipient.signingStatus !== 'NOT_SIGNED')) return;
  const envelope = await findEnvelopeForMail(ctx.db, recipient.envelopeId);
  if (!envelope || envelope.deletedAt || (!access && envelope.status !== 'PENDING')) return;
  const meta = envelope.meta;
  const sender = await documentSender(ctx, envelope.platformId, meta);
  const branded = await documentMailBrand(ctx, envelope.platformId, await mailSenderName(ctx.db, envelope.platformId));
  const content = renderMail('verificationCode', meta.language, {
    title: envelope.title,
    recipientName: recipient.name,
    senderMessage: null,
    actionUrl: null,
    role: recipient.role,
    code: ctx.secrets.open(payload.codeSealed),
    senderName: sender.senderName,
    brand: branded.brand,
  });
  await sendDocumentMail(ctx, { to: recipient.email, ...content, ...sender, ...inline(branded.attachments) });
}
