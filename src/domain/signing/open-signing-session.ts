import { findPlatformCsc } from '../../db/repositories/platform.repo.js';
import { updateRecipientRow } from '../../db/repositories/recipient.repo.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { envelopeEventPayload } from '../events/envelope-event-payload.js';
import { recordEvent } from '../events/record-event.js';
import { nextSignerView, type NextSignerView } from './dictate-next-signer.js';
import { recipientActor } from './recipient-actor.js';
import { loadSigningSession, type SigningSession } from './signing-session.js';
import { signingView, type SigningView } from './signing-view.js';
import { assertAccessVerified } from './verification-state.js';
import { passesOf, type SigningRequest } from './verification-grant.js';

/**
 * What a recipient sees when following the link. The first visit while PENDING marks the
 * recipient OPENED (and SENT when Firma did not send the link itself: distribution NONE), with
 * an audit entry carrying IP and user agent and a DOCUMENT_OPENED event. Later visits read only.
 * @throws NOT_FOUND for an unknown token, VERIFICATION_REQUIRED (403) before access verification
 */
export async function openSigningSession(
  ctx: Ctx,
  token: string,
  request: SigningRequest,
): Promise<SigningView & { remoteSigning: boolean; nextSigner: NextSignerView | null }> {
  const peek = await loadSigningSession(ctx.db, token);
  // Nothing is shown, and the visit not recorded, before access verification passed.
  const now = ctx.clock();
  await assertAccessVerified(ctx.db, peek, now, passesOf(ctx.secrets, peek, request, now));
  if (peek.recipient.readStatus === 'OPENED' || peek.graph.envelope.status !== 'PENDING')
    return {
      ...signingView(peek, ctx.clock(), ctx.config.recipientDownload.days),
      remoteSigning: await offersRemote(ctx, peek),
      nextSigner: await nextSignerView(ctx.db, peek, now),
    };

  const session = await ctx.db.transaction().execute(async (trx): Promise<SigningSession> => {
    const s = await loadSigningSession(trx, token, { lock: true });
    if (s.recipient.readStatus === 'OPENED' || s.graph.envelope.status !== 'PENDING') return s;
    const now = ctx.clock();
    const iso = now.toISOString();
    const patch = {
      readStatus: 'OPENED' as const,
      openedAt: iso,
      updatedAt: iso,
      ...(s.recipient.sendStatus === 'NOT_SENT' ? { sendStatus: 'SENT' as const, sentAt: iso } : {}),
    };
    await updateRecipientRow(trx, s.recipient.id, patch);
    Object.assign(s.recipient, patch);
    await appendAuditEvent(ctx, trx, {
      envelopeId: s.graph.envelope.id,
      type: 'DOCUMENT_OPENED',
      actor: recipientActor(s.recipient),
      recipientId: s.recipient.id,
      request,
      at: now,
    });
    await recordEvent(trx, {
      platformId: s.graph.envelope.platformId,
      envelopeId: s.graph.envelope.id,
      type: 'DOCUMENT_OPENED',
      payload: envelopeEventPayload(s.graph),
      at: now,
    });
    return s;
  });
  ctx.wakeWorker();
  return {
    ...signingView(session, ctx.clock(), ctx.config.recipientDownload.days),
    remoteSigning: await offersRemote(ctx, session),
    nextSigner: await nextSignerView(ctx.db, session, ctx.clock()),
  };
}

/** Whether the page offers remote signing: a DIGITAL recipient whose platform has a CSC provider. */
async function offersRemote(ctx: Ctx, s: SigningSession): Promise<boolean> {
  if (s.recipient.signatureLevel !== 'DIGITAL') return false;
  return Boolean((await findPlatformCsc(ctx.db, s.graph.envelope.platformId))?.cscUrl);
}
