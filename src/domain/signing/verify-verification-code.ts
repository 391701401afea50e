import { saveVerificationState } from '../../db/repositories/recipient-verification.repo.js';
import { AppError } from '../../errors.js';
import { slowHashMatches } from '../../infra/crypto/slow-hash.js';
import { appendAuditEvent, type RequestMeta } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { recipientActor } from './recipient-actor.js';
import { assertCanAct, loadSigningSession } from './signing-session.js';
import { loadVerificationState, MAX_TRIES } from './verification-state.js';
import { verificationStatus, type VerificationStatus } from './verification-status.js';

/**
 * Checks the 6-digit code the recipient typed against the outstanding one. Right: access (or the
 * action) is verified from now, the code is spent. Wrong: one of 5 tries is used; after the 5th
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
  request: RequestMeta,
): Promise<VerificationStatus> {
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const s = await loadSigningSession(trx, token, { lock: true });
    const now = ctx.clock();
    const iso = now.toISOString();
    assertCanAct(s, now, { ignoreTurn: true });
    const state = await loadVerificationState(trx, s);
    if (!state?.otpHash || !state.otpPurpose || !state.otpExpiresAt || Date.parse(state.otpExpiresAt) <= now.getTime())
      return { refused: 'expired' as const };
    if (state.otpTries >= MAX_TRIES) return { refused: 'locked' as const };
    const purpose = state.otpPurpose;
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
      data: ok ? { purpose } : { purpose, triesLeft },
      actor: recipientActor(s.recipient),
      recipientId: s.recipient.id,
      request,
      at: now,
    });
    if (!ok) return { refused: triesLeft > 0 ? ('invalid' as const) : ('locked' as const), triesLeft };
    return { status: verificationStatus(s, state, now) };
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
