import { saveVerificationState } from '../../db/repositories/recipient-verification.repo.js';
import { AppError, type ErrorCode } from '../../errors.js';
import { appendAuditEvent, type RequestMeta } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { recipientActor } from './recipient-actor.js';
import { assertCanAct, loadSigningSession, type SigningSession } from './signing-session.js';
import {
  freshState,
  loadVerificationState,
  LOCK_MS,
  MAX_TRIES,
  pendingAccess,
  requirementsOf,
  type Requirements,
} from './verification-state.js';
import { verificationStatus, type VerificationStatus } from './verification-status.js';

/**
 * One try at something the recipient types before completing (the sender's access code, their
 * CUIL). Access must be verified first (the same gate as the content). A right answer records
 * when; a wrong one uses one of 5 tries, and the 5th locks typed verification (access code and
 * CUIL alike) for 15 minutes. Each try is audited (RECIPIENT_VERIFICATION_PASSED / _FAILED with
 * the method, never what was typed), in the transaction that saves the state; a refusal is
 * thrown after the commit so the try stays counted.
 */
export async function typedVerification(
  ctx: Ctx,
  token: string,
  request: RequestMeta,
  method: { name: 'PASSWORD' | 'CUIL'; asked: (req: Requirements) => boolean; wrong: ErrorCode; wrongMessage: string },
  matches: (s: SigningSession) => Promise<boolean> | boolean,
): Promise<VerificationStatus> {
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const s = await loadSigningSession(trx, token, { lock: true });
    const now = ctx.clock();
    const iso = now.toISOString();
    assertCanAct(s, now, { ignoreTurn: true });
    const req = requirementsOf(s);
    const state = (await loadVerificationState(trx, s)) ?? freshState(s, iso);
    if (pendingAccess(req, state, now).length > 0)
      throw new AppError('VERIFICATION_REQUIRED', 'Verify your identity first: a code is sent to your e-mail', {
        verification: { stage: 'access', pending: pendingAccess(req, state, now) },
      });
    if (!method.asked(req)) throw new AppError('VERIFICATION_NOT_PENDING', `${method.name} is not asked of you`);
    if (state.lockedUntil && Date.parse(state.lockedUntil) > now.getTime())
      return { locked: Math.ceil((Date.parse(state.lockedUntil) - now.getTime()) / 1000) };
    const ok = await matches(s);
    const tries = method.name === 'PASSWORD' ? 'accessCodeTries' : 'cuilTries';
    const verifiedAt = method.name === 'PASSWORD' ? 'accessCodeVerifiedAt' : 'cuilVerifiedAt';
    let triesLeft = MAX_TRIES;
    if (ok) Object.assign(state, { [tries]: 0, [verifiedAt]: iso, updatedAt: iso });
    else {
      const used = state[tries] + 1;
      triesLeft = MAX_TRIES - used;
      Object.assign(
        state,
        triesLeft > 0
          ? { [tries]: used, updatedAt: iso }
          : { [tries]: 0, lockedUntil: new Date(now.getTime() + LOCK_MS).toISOString(), updatedAt: iso },
      );
    }
    await saveVerificationState(trx, state);
    await appendAuditEvent(ctx, trx, {
      envelopeId: s.graph.envelope.id,
      type: ok ? 'RECIPIENT_VERIFICATION_PASSED' : 'RECIPIENT_VERIFICATION_FAILED',
      data: ok ? { method: method.name } : { method: method.name, triesLeft },
      actor: recipientActor(s.recipient),
      recipientId: s.recipient.id,
      request,
      at: now,
    });
    if (ok) return { status: verificationStatus(s, state, now) };
    return triesLeft > 0 ? { triesLeft } : { locked: LOCK_MS / 1000 };
  });
  if (outcome.status) return outcome.status;
  if (outcome.locked !== undefined)
    throw new AppError('VERIFICATION_LOCKED', 'Too many wrong tries: wait before trying again', {
      headers: { 'Retry-After': String(outcome.locked) },
    });
  throw new AppError(method.wrong, `${method.wrongMessage}; ${outcome.triesLeft} tries left`);
}
