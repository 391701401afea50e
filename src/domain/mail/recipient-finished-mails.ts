import type { Db } from '../../db/database.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { DOCUMENT_PENDING_MAIL } from '../jobs/job-catalogue.js';
import type { EnvelopeMeta } from '../model/envelope-meta.js';
import { queueOwnerNotice } from './owner-notice.js';

/**
 * The mails a recipient's finishing causes, queued in the transaction that records it: the owner
 * hears that a recipient finished (emailSettings.recipientSigned, to the platform's owner address
 * like the other owner notices), and a recipient who finished while others still have to act is
 * told the document waits for them (emailSettings.documentPending). As in Documenso, a document
 * the sender distributes itself (distributionMethod NONE) sends neither. Returns whether a job was
 * queued.
 */
export async function queueRecipientFinishedMails(
  trx: Db,
  input: {
    platformId: number;
    envelopeId: number;
    meta: EnvelopeMeta;
    recipient: { id: number; name: string; email: string };
    othersStillAct: boolean;
  },
  now: Date,
): Promise<boolean> {
  const { meta, recipient } = input;
  if (meta.distributionMethod !== 'EMAIL') return false;
  const who = recipient.name.trim() ? `${recipient.name.trim()} <${recipient.email}>` : recipient.email;
  const notified = await queueOwnerNotice(
    trx,
    { platformId: input.platformId, envelopeId: input.envelopeId, meta, notice: 'recipientSigned', detail: who },
    now,
  );
  if (!input.othersStillAct || !meta.emailSettings.documentPending || !recipient.email) return notified;
  await enqueueJob(trx, { kind: DOCUMENT_PENDING_MAIL, payload: { recipientId: recipient.id } }, now);
  return true;
}
