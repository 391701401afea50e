import type { Db } from '../../db/database.js';
import type { EnvelopeGraph, RecipientRow } from '../../db/repositories/envelope.repo.js';
import { findPlatformReminderSettings } from '../../db/repositories/platform.repo.js';
import { updateRecipientRow } from '../../db/repositories/recipient.repo.js';
import type { Ctx } from '../context.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { REMINDER_DUE_JOB } from '../jobs/job-catalogue.js';
import type { EnvelopeMeta, ReminderSettings } from '../model/envelope-meta.js';
import { firstReminderDue, reminderSettingsInForce, remindsByMail } from '../model/reminder-rules.js';
import { currentTurn } from '../model/signing-turn.js';

/** The reminder settings a document of this platform follows: its own meta, else the platform's default. */
export async function reminderSettingsFor(
  trx: Db,
  platformId: number,
  meta: Pick<EnvelopeMeta, 'reminderSettings'>,
): Promise<ReminderSettings | null> {
  // The document's own settings win: the platform default is read only when it has none.
  if (meta.reminderSettings) return reminderSettingsInForce(meta, null);
  return reminderSettingsInForce(meta, await findPlatformReminderSettings(trx, platformId));
}

/**
 * Queues the reminder job for a due time, unique per (recipient, due time): a second enqueue of the
 * same one (a retried transaction, a racing node) is a no-op.
 */
export async function queueReminder(trx: Db, recipientId: number, due: Date, now: Date): Promise<void> {
  const dueAt = due.toISOString();
  await enqueueJob(
    trx,
    {
      kind: REMINDER_DUE_JOB,
      payload: { recipientId, dueAt },
      runAt: due,
      dedupeKey: `reminder:${recipientId}:${dueAt}`,
    },
    now,
  );
}

/**
 * (Re)starts the schedule of recipients who were just sent the document (distribution, their turn,
 * a redistribute): the first reminder `sendAfter` later, the count toward the cap from zero. Runs in
 * the caller's transaction; a job queued for an earlier due time becomes a no-op (the recipient no
 * longer waits for it). Call after the recipients' `expiresAt` is final: no reminder is due after it.
 */
export async function startReminders(
  ctx: Pick<Ctx, 'config'>,
  trx: Db,
  input: { platformId: number; meta: EnvelopeMeta; recipients: RecipientRow[]; sentAt: Date },
): Promise<void> {
  if (input.recipients.length === 0) return;
  const settings = remindsByMail(input.meta) ? await reminderSettingsFor(trx, input.platformId, input.meta) : null;
  for (const r of input.recipients) {
    const due = firstReminderDue(settings, input.sentAt, r.expiresAt, ctx.config.reminders.dayMs);
    const reminderDueAt = due?.toISOString() ?? null;
    if (reminderDueAt === r.reminderDueAt && r.remindersSent === 0) continue;
    const patch = { reminderDueAt, remindersSent: 0 };
    await updateRecipientRow(trx, r.id, patch);
    Object.assign(r, patch);
    if (due) await queueReminder(trx, r.id, due, input.sentAt);
  }
}

/**
 * After `meta.reminderSettings` changed on a PENDING document: everyone whose turn it is and who was
 * sent the document starts over under the new settings, counted from now.
 */
export async function restartRemindersOfTurn(
  ctx: Pick<Ctx, 'config'>,
  trx: Db,
  graph: EnvelopeGraph,
  meta: EnvelopeMeta,
  now: Date,
): Promise<void> {
  if (graph.envelope.status !== 'PENDING') return;
  const turn = currentTurn(graph.recipients, meta.signingOrder);
  const waiting = graph.recipients.filter(
    (r) => turn.has(r.id) && r.sendStatus === 'SENT' && r.signingStatus === 'NOT_SIGNED' && r.email !== '',
  );
  await startReminders(ctx, trx, { platformId: graph.envelope.platformId, meta, recipients: waiting, sentAt: now });
}
