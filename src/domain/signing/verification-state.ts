import type { Db } from '../../db/database.js';
import { findVerificationState, type VerificationRow } from '../../db/repositories/recipient-verification.repo.js';
import { AppError } from '../../errors.js';
import { parseStoredEnvelopeAuth, parseStoredRecipientAuth } from '../model/stored-json.js';
import { effectiveVerification, type EnforcedMethod } from '../recipients/verification-methods.js';
import type { SigningSession } from './signing-session.js';

/*
 * Recipient verification, enforced by the signing API (the page is one client of it). The state
 * lives in `recipient_verification`, bound to the signing token it was earned with: the link
 * shared with someone else is the same token, so verification happens per token, and a
 * redistribute (new token) starts over.
 *
 * Durations: access verified with a one-time code holds 12 hours (a working day's session on the
 * same link; after that the recipient asks for a new code). Action verification (code again,
 * access code) is asked "right before complete" and holds 15 minutes. The CUIL typed holds as long
 * as access (it proves who types, not possession of a secret).
 */
export const OTP_VALID_MS = 10 * 60_000;
export const ACCESS_VALID_MS = 12 * 3600_000;
export const ACTION_VALID_MS = 15 * 60_000;
export const MAX_TRIES = 5;
/** After MAX_TRIES wrong access codes or CUILs, that kind of verification waits this long. */
export const LOCK_MS = 15 * 60_000;
export const RESEND_GAP_MS = 60_000;
export const RESEND_WINDOW_MS = 3600_000;
export const RESEND_PER_WINDOW = 5;

export type PendingMethod = EnforcedMethod | 'CUIL';

export interface Requirements {
  access: EnforcedMethod[];
  action: EnforcedMethod[];
  cuil: boolean;
}

export function requirementsOf(s: SigningSession): Requirements {
  const effective = effectiveVerification(
    parseStoredRecipientAuth(s.recipient.authOptions),
    parseStoredEnvelopeAuth(s.graph.envelope.authOptions),
  );
  return { ...effective, cuil: s.recipient.requireCuil === 1 };
}

/** The recipient's state, only if it was earned with the token the recipient holds now. */
export async function loadVerificationState(db: Db, s: SigningSession): Promise<VerificationRow | null> {
  const row = await findVerificationState(db, s.recipient.id);
  return row && row.tokenHash === s.recipient.tokenHash ? row : null;
}

const within = (at: string | null | undefined, ms: number, now: Date) =>
  !!at && now.getTime() - Date.parse(at) < ms && Date.parse(at) <= now.getTime();

/** Methods still to pass before the content is shown: [] when nothing is asked or all passed. */
export function pendingAccess(req: Requirements, state: VerificationRow | null, now: Date): PendingMethod[] {
  if (req.access.length === 0) return [];
  return within(state?.accessVerifiedAt, ACCESS_VALID_MS, now) ? [] : [...req.access];
}

/**
 * Methods still to pass before completing: the action list is "any one of" (as in Documenso: the
 * recipient picks), CUIL comes on top when the sender asked for it.
 */
export function pendingAction(req: Requirements, state: VerificationRow | null, now: Date): PendingMethod[] {
  const pending: PendingMethod[] = [];
  const passed = req.action.some((m) =>
    m === 'TWO_FACTOR_AUTH'
      ? within(state?.actionOtpVerifiedAt, ACTION_VALID_MS, now)
      : within(state?.accessCodeVerifiedAt, ACTION_VALID_MS, now),
  );
  if (req.action.length > 0 && !passed) pending.push(...req.action);
  if (req.cuil && !within(state?.cuilVerifiedAt, ACCESS_VALID_MS, now)) pending.push('CUIL');
  return pending;
}

/**
 * Refuses to show or change anything (view, fields, PDFs, complete, reject) until access
 * verification passed. Reads only.
 * @throws VERIFICATION_REQUIRED (403) with stage `access`
 */
export async function assertAccessVerified(db: Db, s: SigningSession, now: Date): Promise<void> {
  const req = requirementsOf(s);
  if (req.access.length === 0) return;
  const pending = pendingAccess(req, await loadVerificationState(db, s), now);
  if (pending.length > 0)
    throw new AppError('VERIFICATION_REQUIRED', 'Verify your identity first: a code is sent to your e-mail', {
      verification: { stage: 'access', pending },
    });
}

/**
 * Before completing: access, then action verification.
 * @throws VERIFICATION_REQUIRED (403) with stage `access` or `action`
 */
export async function assertActionVerified(db: Db, s: SigningSession, now: Date): Promise<void> {
  const req = requirementsOf(s);
  if (req.access.length === 0 && req.action.length === 0 && !req.cuil) return;
  const state = await loadVerificationState(db, s);
  const access = pendingAccess(req, state, now);
  if (access.length > 0)
    throw new AppError('VERIFICATION_REQUIRED', 'Verify your identity first: a code is sent to your e-mail', {
      verification: { stage: 'access', pending: access },
    });
  const action = pendingAction(req, state, now);
  if (action.length > 0)
    throw new AppError('VERIFICATION_REQUIRED', 'Confirm your identity before signing', {
      verification: { stage: 'action', pending: action },
    });
}

/** A blank state for a recipient's current token (a row is written on the first verification step). */
export function freshState(s: SigningSession, iso: string): VerificationRow {
  return {
    recipientId: s.recipient.id,
    tokenHash: s.recipient.tokenHash ?? '',
    otpHash: null,
    otpPurpose: null,
    otpExpiresAt: null,
    otpTries: 0,
    otpLastSentAt: null,
    otpWindowStart: null,
    otpWindowCount: 0,
    accessVerifiedAt: null,
    actionOtpVerifiedAt: null,
    accessCodeVerifiedAt: null,
    accessCodeTries: 0,
    cuilVerifiedAt: null,
    cuilTries: 0,
    lockedUntil: null,
    updatedAt: iso,
  };
}
