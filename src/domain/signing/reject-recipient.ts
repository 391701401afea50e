import { updateEnvelope } from '../../db/repositories/envelope.repo.js';
import { updateRecipientRow } from '../../db/repositories/recipient.repo.js';
import type { Db } from '../../db/database.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { AuditActor, RequestMeta } from '../audit/audit-actor.js';
import { handOverToCompletion } from '../completion/hand-over.js';
import type { Ctx } from '../context.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { REJECTED_MAIL } from '../jobs/job-catalogue.js';
import { recipientActor } from './recipient-actor.js';
import { assertCanAct, loadSigningSession, type SigningSession } from './signing-session.js';
import { assertAccessVerified, assertActionVerified } from './verification-state.js';
import { passesOf, type SigningRequest } from './verification-grant.js';

/**
 * The recipient refuses to sign, with a reason. The recipient and the document become REJECTED
 * at once (nobody else can sign any more); the completion pipeline then writes the stamped final
 * PDF and certificate and fires DOCUMENT_REJECTED; the other recipients who were told about the
 * document are told it was rejected. A recipient may reject whether or not it is its turn.
 * @throws NOT_FOUND, DOCUMENT_NOT_PENDING, RECIPIENT_EXPIRED, RECIPIENT_ALREADY_SIGNED, RECIPIENT_REJECTED, RECIPIENT_NO_ACTION,
 *   VERIFICATION_REQUIRED (403: access, then the action verification signing asks for)
 */
export async function rejectRecipient(
  ctx: Ctx,
  token: string,
  reason: string,
  request: SigningRequest,
): Promise<{ recipientId: number; signingStatus: 'REJECTED'; rejectionReason: string }> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const s = await loadSigningSession(trx, token, { lock: true });
    const now = ctx.clock();
    const passes = passesOf(ctx.secrets, s, request, now);
    await assertAccessVerified(trx, s, now, passes);
    assertCanAct(s, now, { ignoreTurn: true });
    // Rejecting is as final as signing: the same action verification (code, access code, CUIL).
    await assertActionVerified(trx, s, now, passes);
    await recordRejection(ctx, trx, s, reason, now, recipientActor(s.recipient), request);
    return { recipientId: s.recipient.id, signingStatus: 'REJECTED' as const, rejectionReason: reason };
  });
  ctx.wakeWorker();
  return result;
}

/** Shared with the API's reject-on-behalf: the same state change, another actor. */
export async function recordRejection(
  ctx: Pick<Ctx, 'auditMac'>,
  trx: Db,
  s: SigningSession,
  reason: string,
  now: Date,
  actor: AuditActor,
  request: RequestMeta | undefined,
): Promise<void> {
  const iso = now.toISOString();
  const patch = { signingStatus: 'REJECTED' as const, rejectionReason: reason, updatedAt: iso };
  await updateRecipientRow(trx, s.recipient.id, patch);
  Object.assign(s.recipient, patch);
  await updateEnvelope(trx, s.graph.envelope.id, { status: 'REJECTED' }, now);
  s.graph.envelope.status = 'REJECTED';
  await appendAuditEvent(ctx, trx, {
    envelopeId: s.graph.envelope.id,
    type: 'DOCUMENT_RECIPIENT_REJECTED',
    data: { reason, recordedBy: actor.kind },
    actor,
    recipientId: s.recipient.id,
    ...(request ? { request } : {}),
    at: now,
  });
  if (s.meta.distributionMethod === 'EMAIL' && s.meta.emailSettings.documentDeleted) {
    for (const other of s.graph.recipients) {
      if (other.id === s.recipient.id || !other.email || (other.sendStatus !== 'SENT' && other.role !== 'CC')) continue;
      await enqueueJob(trx, { kind: REJECTED_MAIL, payload: { recipientId: other.id } }, now);
    }
  }
  await handOverToCompletion(trx, s.graph.envelope.id, now);
}
