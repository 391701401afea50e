import type { Db } from '../../db/database.js';
import type { RecipientRow } from '../../db/repositories/envelope.repo.js';
import { updateRecipientRow } from '../../db/repositories/recipient.repo.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { SIGNING_REQUEST_MAIL } from '../jobs/job-catalogue.js';
import type { Ctx } from '../context.js';
import { startReminders } from '../reminders/schedule-reminders.js';
import type { SigningSession } from './signing-session.js';

/**
 * Recipients whose turn has just come (the next group of a SEQUENTIAL envelope) get their
 * signing request by mail, unless the sender distributes links itself (distribution NONE), and
 * their reminder schedule starts.
 */
export async function notifyNewTurn(
  ctx: Pick<Ctx, 'config'>,
  trx: Db,
  s: SigningSession,
  recipients: RecipientRow[],
  now: Date,
): Promise<void> {
  if (s.meta.distributionMethod !== 'EMAIL' || !s.meta.emailSettings.recipientSigningRequest) return;
  const iso = now.toISOString();
  const mailed = recipients.filter((r) => r.email);
  for (const r of mailed) {
    await enqueueJob(trx, { kind: SIGNING_REQUEST_MAIL, payload: { recipientId: r.id } }, now);
    if (r.sendStatus !== 'SENT') {
      const patch = { sendStatus: 'SENT' as const, sentAt: iso, updatedAt: iso };
      await updateRecipientRow(trx, r.id, patch);
      Object.assign(r, patch);
    }
  }
  // Their reminders count from now, when their turn came, not from the distribution.
  await startReminders(ctx, trx, {
    platformId: s.graph.envelope.platformId,
    meta: s.meta,
    recipients: mailed,
    sentAt: now,
  });
}
