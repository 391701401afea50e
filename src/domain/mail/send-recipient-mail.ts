import {
  findEnvelopeForMail,
  findRecipientForMail,
  findRejectionReason,
  listFinalItems,
} from '../../db/repositories/mail.repo.js';
import { AppError } from '../../errors.js';
import type { MailAttachment } from '../../infra/mail/mailer.js';
import type { Ctx } from '../context.js';
import { safeFilename } from '../model/pdf-download.js';
import { signingUrl } from '../model/signing-links.js';
import { documentMailBrand } from './mail-brand.js';
import { documentSender, mailSenderName } from './mail-sender.js';
import { sendDocumentMail } from './send-document-mail.js';
import { renderMail, type MailKind } from './mail-templates.js';

/** Attachments above this go as a link instead, so mailboxes do not bounce the message. */
const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/**
 * Sends one recipient one mail of a kind, built from the state at sending time (a signing request
 * for a recipient who has meanwhile signed is skipped). Runs as a job: an SMTP failure throws and
 * the job runner retries with backoff, so an outage delays mail and loses none.
 */
export async function sendRecipientMail(ctx: Ctx, kind: MailKind, recipientId: number): Promise<void> {
  const recipient = await findRecipientForMail(ctx.db, recipientId);
  if (!recipient || !recipient.email) return;
  const envelope = await findEnvelopeForMail(ctx.db, recipient.envelopeId);
  // A deleted envelope still tells its recipients it was cancelled; nothing else is sent for it.
  if (!envelope || (envelope.deletedAt && kind !== 'cancelled')) return;
  if (
    (kind === 'signingRequest' || kind === 'reminder') &&
    (envelope.status !== 'PENDING' || recipient.signingStatus !== 'NOT_SIGNED')
  )
    return;
  // "Waiting for the others" is stale once nobody is waiting: the completion (or rejection) mail tells.
  if (kind === 'documentPending' && envelope.status !== 'PENDING') return;

  const meta = envelope.meta;
  const language = meta.language;
  const link = recipient.tokenSealed ? signingUrl(ctx, ctx.secrets.open(recipient.tokenSealed)) : null;
  const attachments: MailAttachment[] = [];
  if (kind === 'completed') {
    const items = await listFinalItems(ctx.db, envelope.id);
    let total = 0;
    for (const item of items) {
      if (!item.finalSha256) throw new AppError('DOCUMENT_NOT_COMPLETED', 'final PDF missing');
      const bytes = await ctx.storage.getBytes(item.finalSha256);
      total += bytes.length;
      if (total > MAX_ATTACHMENT_BYTES) {
        attachments.length = 0;
        break;
      }
      attachments.push({
        filename: `${safeFilename(item.title)}_signed.pdf`,
        content: bytes,
        contentType: 'application/pdf',
      });
    }
  }
  const sender = await documentSender(ctx, envelope.platformId, meta);
  const senderName = sender.senderName;
  const branded = await documentMailBrand(ctx, envelope.platformId, await mailSenderName(ctx.db, envelope.platformId));
  const content = renderMail(
    kind,
    language,
    {
      title: envelope.title,
      recipientName: recipient.name,
      senderMessage: kind === 'signingRequest' ? meta.message : null,
      actionUrl: kind === 'cancelled' || kind === 'documentPending' ? null : link,
      role: recipient.role,
      signatureLevel: recipient.signatureLevel,
      // A document made through a direct link has a visitor anyone could be: their words (a
      // rejection's reason) are mailed to nobody else. The reason stays in the document and its log.
      reason:
        kind === 'rejected' && envelope.source !== 'TEMPLATE_DIRECT_LINK'
          ? await findRejectionReason(ctx.db, envelope.id)
          : null,
      attached: attachments.length > 0,
      senderName,
      brand: branded.brand,
    },
    meta.subject,
  );
  await sendDocumentMail(ctx, {
    to: recipient.email,
    ...content,
    ...sender,
    ...(attachments.length + branded.attachments.length
      ? { attachments: [...branded.attachments, ...attachments] }
      : {}),
  });
}
