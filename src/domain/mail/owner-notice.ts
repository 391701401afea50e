import type { Db } from '../../db/database.js';
import { findEnvelopeForOwnerNotice } from '../../db/repositories/mail.repo.js';
import {
  findPlatformNotifyEmail,
  findPlatformNotifyTarget,
  setPlatformNotifyEmailByName,
} from '../../db/repositories/platform.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import { type EnvelopeMeta } from '../model/envelope-meta.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { OWNER_NOTICE_MAIL, type JobPayload } from '../jobs/job-catalogue.js';
import { ZEmailAddress } from '../../lib/email-address.js';
import { renderMail } from './mail-templates.js';

export type OwnerNotice = JobPayload<typeof OWNER_NOTICE_MAIL>['notice'];

const SETTING: Record<OwnerNotice, keyof EnvelopeMeta['emailSettings']> = {
  ownerCreated: 'ownerDocumentCreated',
  ownerCompleted: 'ownerDocumentCompleted',
  ownerRecipientExpired: 'ownerRecipientExpired',
  recipientSigned: 'recipientSigned',
};

/**
 * Queues a notice to the platform's owner address (set with `firma platform set-email`), in the
 * caller's transaction, when the platform has one and the document's emailSettings allow it.
 * Returns whether a notice was queued (the caller then wakes the worker).
 */
export async function queueOwnerNotice(
  trx: Db,
  input: { platformId: number; envelopeId: number; meta: EnvelopeMeta; notice: OwnerNotice; detail?: string },
  now: Date,
): Promise<boolean> {
  if (!input.meta.emailSettings[SETTING[input.notice]]) return false;
  if (!(await findPlatformNotifyEmail(trx, input.platformId))) return false;
  await enqueueJob(
    trx,
    {
      kind: OWNER_NOTICE_MAIL,
      payload: { envelopeId: input.envelopeId, notice: input.notice, detail: input.detail ?? null },
    },
    now,
  );
  return true;
}

/** Runs the owner-notice job: built from the state at sending time. */
export async function sendOwnerNotice(ctx: Ctx, payload: JobPayload<typeof OWNER_NOTICE_MAIL>): Promise<void> {
  const envelope = await findEnvelopeForOwnerNotice(ctx.db, payload.envelopeId);
  if (!envelope) return;
  const platform = await findPlatformNotifyTarget(ctx.db, envelope.platformId);
  if (!platform?.notifyEmail) return;
  const meta = envelope.meta;
  const content = renderMail(payload.notice, meta.language, {
    title: envelope.title,
    recipientName: platform.name,
    senderMessage: null,
    actionUrl: null,
    role: '',
    detail: payload.detail,
  });
  await ctx.mailer.send({ to: platform.notifyEmail, ...content });
}

/** `firma platform set-email`: where owner notices go; `-` removes the address. */
export async function setPlatformNotifyEmail(ctx: Ctx, name: string, email: string): Promise<void> {
  const parsed = email === '-' ? null : ZEmailAddress.safeParse(email);
  if (parsed && !parsed.success)
    throw new AppError('VALIDATION_ERROR', `not a valid e-mail address: ${parsed.error.issues[0]?.message ?? ''}`);
  const value = parsed ? parsed.data : null;
  if (!(await setPlatformNotifyEmailByName(ctx.db, name, value)))
    throw new AppError('NOT_FOUND', `platform "${name}" not found`);
}
