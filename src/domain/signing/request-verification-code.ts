import { saveVerificationState } from '../../db/repositories/recipient-verification.repo.js';
import { AppError } from '../../errors.js';
import { newOneTimeCode, slowHash } from '../../infra/crypto/slow-hash.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { VERIFICATION_CODE_MAIL } from '../jobs/job-catalogue.js';
import { recipientActor } from './recipient-actor.js';
import { assertCanAct, loadSigningSession } from './signing-session.js';
import { passesOf, type SigningRequest } from './verification-grant.js';
import {
  asSeenBy,
  freshState,
  loadVerificationState,
  OTP_VALID_MS,
  pendingAccess,
  pendingAction,
  requirementsOf,
  RESEND_GAP_MS,
  RESEND_PER_WINDOW,
  RESEND_WINDOW_MS,
} from './verification-state.js';
import { verificationStatus, type VerificationStatus } from './verification-status.js';

export interface CodeRequested extends VerificationStatus {
  purpose: 'access' | 'action';
  codeExpiresAt: string;
  /** When the next code may be asked for. */
  resendAfter: string;
}

/**
 * Mails the recipient a new 6-digit code (TWO_FACTOR_AUTH): for access while this caller has not
 * passed access (in any state of the document: after completion it opens the downloads), else for
 * the action when the action asks for it and the recipient can still act. The code is stored only as a slow hash, with
 * its expiry (10 minutes) and a fresh count of tries; a new code replaces the previous one. At
 * most one code a minute and five an hour. The mail is a job in the same transaction as the
 * state and its audit entry (DOCUMENT_ACCESS_AUTH_2FA_REQUESTED).
 * @throws NOT_FOUND, the assertCanAct codes (409), VERIFICATION_NOT_PENDING (409), VERIFICATION_RESEND_LIMIT (429)
 */
export async function requestVerificationCode(
  ctx: Ctx,
  token: string,
  request: SigningRequest,
): Promise<CodeRequested> {
  // Hashed before the envelope is locked: scrypt takes tens of milliseconds.
  const code = newOneTimeCode();
  const codeHash = await slowHash(code);
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const s = await loadSigningSession(trx, token, { lock: true });
    const now = ctx.clock();
    const iso = now.toISOString();
    const req = requirementsOf(s);
    const state = (await loadVerificationState(trx, s)) ?? freshState(s, iso);
    const seen = asSeenBy(state, passesOf(ctx.secrets, s, request, now));
    const access = pendingAccess(req, seen, now);
    if (access.length === 0) assertCanAct(s, now, { ignoreTurn: true });
    // Only a step that accepts the mailed code mails one: a step asking only for the code the
    // sender delivers (EXTERNAL_TWO_FACTOR_AUTH) is never opened by a code Firma mails.
    const step = access.length > 0 ? access : pendingAction(req, seen, now);
    const purpose = step.includes('TWO_FACTOR_AUTH')
      ? access.length > 0
        ? ('access' as const)
        : ('action' as const)
      : null;
    if (!purpose) {
      if (step.includes('EXTERNAL_TWO_FACTOR_AUTH'))
        throw new AppError(
          'VERIFICATION_NOT_PENDING',
          'Firma does not mail this code: enter the code the sender gave you',
        );
      throw new AppError('VERIFICATION_NOT_PENDING', 'No verification code is needed now');
    }

    const t = now.getTime();
    const wait = (untilMs: number) => {
      const seconds = Math.max(1, Math.ceil((untilMs - t) / 1000));
      return new AppError('VERIFICATION_RESEND_LIMIT', `Wait ${seconds} s before asking for another code`, {
        headers: { 'Retry-After': String(seconds) },
      });
    };
    if (state.otpLastSentAt && t - Date.parse(state.otpLastSentAt) < RESEND_GAP_MS)
      throw wait(Date.parse(state.otpLastSentAt) + RESEND_GAP_MS);
    if (!state.otpWindowStart || t - Date.parse(state.otpWindowStart) >= RESEND_WINDOW_MS) {
      state.otpWindowStart = iso;
      state.otpWindowCount = 0;
    }
    if (state.otpWindowCount >= RESEND_PER_WINDOW) throw wait(Date.parse(state.otpWindowStart) + RESEND_WINDOW_MS);

    const expiresAt = new Date(t + OTP_VALID_MS).toISOString();
    Object.assign(state, {
      otpHash: codeHash,
      otpPurpose: purpose,
      otpExpiresAt: expiresAt,
      otpTries: 0,
      otpLastSentAt: iso,
      otpWindowCount: state.otpWindowCount + 1,
      updatedAt: iso,
    });
    await saveVerificationState(trx, state);
    await appendAuditEvent(ctx, trx, {
      envelopeId: s.graph.envelope.id,
      type: 'DOCUMENT_ACCESS_AUTH_2FA_REQUESTED',
      data: { purpose },
      actor: recipientActor(s.recipient),
      recipientId: s.recipient.id,
      request,
      at: now,
    });
    await enqueueJob(
      trx,
      {
        kind: VERIFICATION_CODE_MAIL,
        payload: { recipientId: s.recipient.id, codeSealed: ctx.secrets.seal(code), expiresAt, purpose },
      },
      now,
    );
    return {
      ...verificationStatus(s, seen, now),
      purpose,
      codeExpiresAt: expiresAt,
      resendAfter: new Date(t + RESEND_GAP_MS).toISOString(),
    };
  });
  ctx.wakeWorker();
  return answer;
}
