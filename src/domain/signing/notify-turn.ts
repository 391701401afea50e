import type { Db } from '../../db/database.js';
import type { RecipientRow } from '../../db/repositories/envelope.repo.js';
import { updateRecipientRow } from '../../db/repositories/recipient.repo.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { SIGNING_REQUEST_MAIL } from '../jobs/job-catalogue.js';
import type { SigningSession } from './signing-session.js';

/**
 * Recipients whose turn has just come (the next group of a SEQUENTIAL envelope) get their
 * signing request by mail, unless the sender distributes links itself (distribution NONE).
 */
export async function notifyNewTurn(trx: Db, s: SigningSession, recipients: RecipientRow[], now: Date): Promise<void> {
  if (s.meta.distributionMethod !== 'EMAIL' || !s.meta.emailSettings.recipientSigningRequest) return;
  const iso = now.toISOString();
  for (const r of recipients) {
    if (!r.email) continue;
    await enqueueJob(trx, { kind: SIGNING_REQUEST_MAIL, payload: { recipientId: r.id } }, now);
    if (r.sendStatus !== 'SENT') {
      const patch = { sendStatus: 'SENT' as const, sentAt: iso, updatedAt: iso };
      await updateRecipientRow(trx, r.id, patch);
      Object.assign(r, patch);
    }
  }
}
