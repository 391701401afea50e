import { loadEnvelopeParts, lockEnvelope } from '../../db/repositories/envelope.repo.js';
import { findRecipientOwner, updateRecipientRow } from '../../db/repositories/recipient.repo.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { envelopeEventPayload } from '../events/envelope-event-payload.js';
import { recordEvent } from '../events/record-event.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { REMINDER_MAIL, type JobPayload, type REMINDER_DUE_JOB } from '../jobs/job-catalogue.js';
import { nextReminderDue, remindsByMail } from '../model/reminder-rules.js';
import { currentTurn } from '../model/signing-turn.js';
import { queueReminder, reminderSettingsFor } from './schedule-reminders.js';

/**
 * Runs a recipient's reminder that fell due. One transaction records it (the recipient's count and
 * next due time, the audit entry, the DOCUMENT_REMINDER_SENT event), queues the mail and the next
 * reminder's job: a crash before the commit leaves the job to run again, a crash after it leaves a
 * job whose due time the recipient no longer waits for, which does nothing. So a worker restart
 * neither repeats nor skips a reminder. Nothing is sent when the recipient no longer waits for this
 * one (signed, rejected, out of turn, link expired, rescheduled) or the document is no longer PENDING.
 * Returns whether a reminder was sent.
 */
export async function sendReminder(ctx: Ctx, job: JobPayload<typeof REMINDER_DUE_JOB>): Promise<boolean> {
  const owner = await findRecipientOwner(ctx.db, job.recipientId);
  if (!owner) return false;
  const sent = await ctx.db.transaction().execute(async (trx) => {
    const envelope = await lockEnvelope(trx, owner.platformId, { documentId: owner.envelopeId });
    if (!envelope || envelope.status !== 'PENDING') return false;
    const graph = await loadEnvelopeParts(trx, envelope);
    const r = graph.recipients.find((x) => x.id === job.recipientId);
    // Read under the lock: a rerun after a commit, a redistribute or a settings change moved it.
    if (!r || r.reminderDueAt !== job.dueAt) return false;
    const now = ctx.clock();
    const iso = now.toISOString();
    const meta = envelope.meta;
    const settings = remindsByMail(meta) ? await reminderSettingsFor(trx, envelope.platformId, meta) : null;
    const waiting =
      settings !== null &&
      r.signingStatus === 'NOT_SIGNED' &&
      r.email !== '' &&
      (r.expiresAt === null || r.expiresAt > iso) &&
      currentTurn(graph.recipients, meta.signingOrder).has(r.id);
    if (!waiting) return false;

    const number = r.remindersSent + 1;
    const next = nextReminderDue(settings, {
      due: new Date(job.dueAt),
      now,
      sent: number,
      expiresAt: r.expiresAt,
      dayMs: ctx.config.reminders.dayMs,
    });
    const patch = { reminderDueAt: next?.toISOString() ?? null, remindersSent: number };
    await updateRecipientRow(trx, r.id, patch);
    Object.assign(r, patch);
    await enqueueJob(
      trx,
      { kind: REMINDER_MAIL, payload: { recipientId: r.id }, dedupeKey: `reminder-mail:${r.id}:${job.dueAt}` },
      now,
    );
    if (next) await queueReminder(trx, r.id, next, now);
    await appendAuditEvent(ctx, trx, {
      envelopeId: envelope.id,
      type: 'DOCUMENT_REMINDER_SENT',
      recipientId: r.id,
      data: { reminder: number, dueAt: job.dueAt, nextDueAt: patch.reminderDueAt },
      actor: { kind: 'system' },
      at: now,
    });
    await recordEvent(trx, {
      platformId: envelope.platformId,
      envelopeId: envelope.id,
      type: 'DOCUMENT_REMINDER_SENT',
      payload: envelopeEventPayload(graph),
      at: now,
    });
    return true;
  });
  if (sent) ctx.wakeWorker();
  return sent;
}
