import { saveVerificationState } from '../../db/repositories/recipient-verification.repo.js';
import { AppError } from '../../errors.js';
import { slowHashMatches } from '../../infra/crypto/slow-hash.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { recipientActor } from './recipient-actor.js';
import { assertCanAct, loadSigningSession } from './signing-session.js';
import { issueGrant, passesOf, type SigningRequest } from './verification-grant.js';
import type { SigningSession } from './signing-session.js';
import {
  asSeenBy,
  loadVerificationState,
  MAX_TRIES,
  pendingAccess,
  pendingAction,
  requirementsOf,
} from './verification-state.js';
import type { SeenState } from './verification-state.js';
import { verificationStatus, type VerificationGranted } from './verification-status.js';

/**
 * Checks the 6-digit code the recipient typed against the outstanding one. Right: access (or the
 * action) is verified from now for this caller, the code is spent, and the answer carries the
 * caller's grant (its earlier passes presented, plus this one). An access code can be typed in any
 * state of the document (after completion it opens the downloads), an action code only while the
 * recipient can act. Wrong: one of 5 tries is used; after the 5th
 * the code no longer counts, even typed right, and a new one must be asked for. Each outcome is
 * one transaction with its audit entry (DOCUMENT_ACCESS_AUTH_2FA_VALIDATED / _FAILED); the
 * refusal is thrown after the commit so the used try stays counted.
 * @throws NOT_FOUND, the assertCanAct codes (409), VERIFICATION_CODE_EXPIRED, VERIFICATION_CODE_INVALID,
 *   VERIFICATION_CODE_LOCKED (400)
 */
export async function verifyVerificationCode(
  ctx: Ctx,
  token: string,
  code: string,
  request: SigningRequest,
): Promise<VerificationGranted> {
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const s = await loadSigningSession(trx, token, { lock: true });
    const now = ctx.clock();
    const iso = now.toISOString();
    const state = await loadVerificationState(trx, s);
    const purpose =
      state?.otpPurpose === 'external'
        ? externalStep(s, asSeenBy(state, passesOf(ctx.secrets, s, request, now)), now)
        : state?.otpPurpose;
    if (purpose !== 'access') assertCanAct(s, now, { ignoreTurn: true });
    if (!state?.otpHash || !purpose || !state.otpExpiresAt || Date.parse(state.otpExpiresAt) <= now.getTime())
      return { refused: 'expired' as const };
    if (state.otpTries >= MAX_TRIES) return { refused: 'locked' as const };
    const external = state.otpPurpose === 'external';
    const ok = await slowHashMatches(code, state.otpHash);
    if (ok) {
      Object.assign(state, {
        otpHash: null,
        otpPurpose: null,
        otpExpiresAt: null,
        otpTries: 0,
        ...(purpose === 'access' ? { accessVerifiedAt: iso } : { actionOtpVerifiedAt: iso }),
        updatedAt: iso,
      });
    } else Object.assign(state, { otpTries: state.otpTries + 1, updatedAt: iso });
    const triesLeft = MAX_TRIES - state.otpTries;
    await saveVerificationState(trx, state);
    await appendAuditEvent(ctx, trx, {
      envelopeId: s.graph.envelope.id,
      type: ok ? 'DOCUMENT_ACCESS_AUTH_2FA_VALIDATED' : 'DOCUMENT_ACCESS_AUTH_2FA_FAILED',
      data: {
        purpose,
        ...(external ? { deliveredBy: 'SENDER' } : {}),
        ...(ok ? {} : { triesLeft }),
      },
      actor: recipientActor(s.recipient),
      recipientId: s.recipient.id,
      request,
      at: now,
    });
    if (!ok) return { refused: triesLeft > 0 ? ('invalid' as const) : ('locked' as const), triesLeft };
    const passes = {
      ...passesOf(ctx.secrets, s, request, now),
      ...(purpose === 'access' ? { access: iso } : { actionOtp: iso }),
    };
    return {
      status: {
        ...verificationStatus(s, asSeenBy(state, passes), now),
        ...issueGrant(ctx.secrets, s.recipient.tokenHash ?? '', passes, request.accountSessionId),
      },
    };
  });
  if (outcome.status) return outcome.status;
  switch (outcome.refused) {
    case 'expired':
      throw new AppError('VERIFICATION_CODE_EXPIRED', 'There is no valid code: ask for a new one');
    case 'locked':
      throw new AppError('VERIFICATION_CODE_LOCKED', 'The code was mistyped too many times: ask for a new one');
    case 'invalid':
      throw new AppError('VERIFICATION_CODE_INVALID', `The code is not right; ${outcome.triesLeft} tries left`);
  }
}

/**
 * The step a code the sender was given (EXTERNAL_TWO_FACTOR_AUTH) passes for this caller: access
 * while access waits for it, else the action when the action accepts it. Null when the step this
 * caller is at does not take that code (it then counts as no valid code).
 */
function externalStep(s: SigningSession, seen: SeenState | null, now: Date): 'access' | 'action' | null {
  const req = requirementsOf(s);
  const access = pendingAccess(req, seen, now);
  if (access.length > 0) return access.includes('EXTERNAL_TWO_FACTOR_AUTH') ? 'access' : null;
  return pendingAction(req, seen, now).includes('EXTERNAL_TWO_FACTOR_AUTH') ? 'action' : null;
}
