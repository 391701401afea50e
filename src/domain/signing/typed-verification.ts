import type { Db } from '../../db/database.js';
import { saveVerificationState } from '../../db/repositories/recipient-verification.repo.js';
import { AppError, type ErrorCode } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { recipientActor } from './recipient-actor.js';
import { assertCanAct, loadSigningSession, type SigningSession } from './signing-session.js';
import { issueGrant, passesOf, type SigningRequest } from './verification-grant.js';
import {
  asSeenBy,
  freshState,
  loadVerificationState,
  LOCK_MS,
  MAX_TRIES,
  pendingAccess,
  requirementsOf,
  type Requirements,
} from './verification-state.js';
import { verificationStatus, type VerificationGranted } from './verification-status.js';

/**
 * One try at something the recipient types before completing (the sender's access code, their
 * CUIL). Access must be verified first (the same gate as the content). A right answer records
 * when, and the answer carries the caller's grant with this pass added; a wrong one uses one of 5 tries, and the 5th locks typed verification (access code and
 * CUIL alike) for 15 minutes. Each try is audited (RECIPIENT_VERIFICATION_PASSED / _FAILED with
 * the method, never what was typed), in the transaction that saves the state; a refusal is
 * thrown after the commit so the try stays counted.
 */
export async function typedVerification(
  ctx: Ctx,
  token: string,
  request: SigningRequest,
  method: {
    name: 'PASSWORD' | 'CUIL';
    asked: (req: Requirements) => boolean;
    wrong: ErrorCode;
    wrongMessage: string;
    /** What was checked, for the audit entry (never the value typed). */
    against?: 'ACCOUNT_PASSWORD' | 'ACCESS_CODE';
  },
  /** 'entered': the signer gave what was missing (their own ID), which `matches` stored in this transaction. */
  matches: (s: SigningSession, trx: Db) => Promise<boolean | 'entered'> | boolean,
): Promise<VerificationGranted> {
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const s = await loadSigningSession(trx, token, { lock: true });
    const now = ctx.clock();
    const iso = now.toISOString();
    assertCanAct(s, now, { ignoreTurn: true });
    const req = requirementsOf(s);
    const state = (await loadVerificationState(trx, s)) ?? freshState(s, iso);
    const presented = passesOf(ctx.secrets, s, request, now);
    const accessPending = pendingAccess(req, asSeenBy(state, presented), now);
    if (accessPending.length > 0)
      throw new AppError('VERIFICATION_REQUIRED', 'Verify your identity first: a code is sent to your e-mail', {
        verification: { stage: 'access', pending: accessPending },
      });
    if (!method.asked(req)) throw new AppError('VERIFICATION_NOT_PENDING', `${method.name} is not asked of you`);
    if (state.lockedUntil && Date.parse(state.lockedUntil) > now.getTime())
      return { locked: Math.ceil((Date.parse(state.lockedUntil) - now.getTime()) / 1000) };
    const answer = await matches(s, trx);
    const ok = answer !== false;
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
      data: {
        method: method.name,
        ...(method.against ? { against: method.against } : {}),
        ...(ok ? (answer === 'entered' ? { entered: true } : {}) : { triesLeft }),
      },
      actor: recipientActor(s.recipient),
      recipientId: s.recipient.id,
      request,
      at: now,
    });
    if (ok) {
      const passes = { ...presented, ...(method.name === 'PASSWORD' ? { accessCode: iso } : { cuil: iso }) };
      return {
        status: {
          ...verificationStatus(s, asSeenBy(state, passes), now),
          ...issueGrant(ctx.secrets, s.recipient.tokenHash ?? '', passes, request.accountSessionId),
        },
      };
    }
    return triesLeft > 0 ? { triesLeft } : { locked: LOCK_MS / 1000 };
  });
  if (outcome.status) return outcome.status;
  if (outcome.locked !== undefined)
    throw new AppError('VERIFICATION_LOCKED', 'Too many wrong tries: wait before trying again', {
      headers: { 'Retry-After': String(outcome.locked) },
    });
  throw new AppError(method.wrong, `${method.wrongMessage}; ${outcome.triesLeft} tries left`);
}
