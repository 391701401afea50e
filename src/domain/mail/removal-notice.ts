import type { Db } from '../../db/database.js';
import { findEnvelopeForMail } from '../../db/repositories/mail.repo.js';
import type { Ctx } from '../context.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { RECIPIENT_REMOVED_MAIL, type JobPayload } from '../jobs/job-catalogue.js';
import { type EnvelopeMeta } from '../model/envelope-meta.js';
import { documentMailBrand, inline } from './mail-brand.js';
import { documentSender, mailSenderName } from './mail-sender.js';
import { renderMail } from './mail-templates.js';
import { sendDocumentMail } from './send-document-mail.js';

/**
 * Queues the mail telling a recipient they were removed from a sent (PENDING) document, in the
 * transaction that removes them, when they had been mailed it (sendStatus SENT: someone never told
 * of a document is not told they left it, as in Documenso) and emailSettings.recipientRemoved
 * allows it. Returns whether the mail was queued.
 */
export async function queueRemovalNotice(
  trx: Db,
  input: {
    envelope: { id: number; status: string };
    meta: EnvelopeMeta;
    recipient: { email: string; name: string; sendStatus: string };
  },
  now: Date,
): Promise<boolean> {
  const { envelope, meta, recipient } = input;
  if (envelope.status !== 'PENDING' || recipient.sendStatus !== 'SENT' || !recipient.email) return false;
  if (meta.distributionMethod !== 'EMAIL' || !meta.emailSettings.recipientRemoved) return false;
  await enqueueJob(
    trx,
    {
      kind: RECIPIENT_REMOVED_MAIL,
      payload: { envelopeId: envelope.id, email: recipient.email, name: recipient.name },
    },
    now,
  );
  return true;
}

/** Runs the removal mail: no link (theirs no longer exists), in the document's language. */
export async function sendRemovalNotice(ctx: Ctx, payload: JobPayload<typeof RECIPIENT_REMOVED_MAIL>): Promise<void> {
  const envelope = await findEnvelopeForMail(ctx.db, payload.envelopeId);
  if (!envelope || envelope.deletedAt) return;
  const meta = envelope.meta;
  const sender = await documentSender(ctx, envelope.platformId, meta);
  const branded = await documentMailBrand(ctx, envelope.platformId, await mailSenderName(ctx.db, envelope.platformId));
  const content = renderMail('recipientRemoved', meta.language, {
    title: envelope.title,
    recipientName: payload.name,
    senderMessage: null,
    actionUrl: null,
    role: '',
    senderName: sender.senderName,
    brand: branded.brand,
  });
  await sendDocumentMail(ctx, { to: payload.email, ...content, ...sender, ...inline(branded.attachments) });
}
