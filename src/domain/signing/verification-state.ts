import type { Db } from '../../db/database.js';
import { findVerificationState, type VerificationRow } from '../../db/repositories/recipient-verification.repo.js';
import { AppError } from '../../errors.js';
import { effectiveVerification, type EnforcedMethod } from '../recipients/verification-methods.js';
import type { SigningSession } from './signing-session.js';
import type { CallerPasses } from './verification-grant.js';

/*
 * Recipient verification, enforced by the signing API (the page is one client of it). The codes,
 * tries and locks live in `recipient_verification`, bound to the signing token they were earned
 * with (a redistribute, new token, starts over). Whether a caller passed is what its own grants
 * say (verification-grant.ts: the browser's cookie, the API caller's token), so someone else
 * holding the same link must verify again; the row's *VerifiedAt members only record the last pass.
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
  const effective = effectiveVerification(s.recipient.authOptions, s.graph.envelope.authOptions);
  return { ...effective, cuil: s.recipient.requireCuil === 1 };
}

/** The recipient's state, only if it was earned with the token the recipient holds now. */
export async function loadVerificationState(db: Db, s: SigningSession): Promise<VerificationRow | null> {
  const row = await findVerificationState(db, s.recipient.id);
  return row && row.tokenHash === s.recipient.tokenHash ? row : null;
}

/**
 * The state as this caller stands: the row's codes, tries and locks, with the passes its grants
 * prove instead of the row's (another caller's passes are not this one's). Null without a row.
 */
export function asSeenBy(row: VerificationRow | null, passes: CallerPasses): VerificationRow | null {
  if (!row) return null;
  return {
    ...row,
    accessVerifiedAt: passes.access,
    actionOtpVerifiedAt: passes.actionOtp,
    accessCodeVerifiedAt: passes.accessCode,
    cuilVerifiedAt: passes.cuil,
  };
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
    // Either kind of one-time code passes the action the same way (actionOtpVerifiedAt).
    m === 'TWO_FACTOR_AUTH' || m === 'EXTERNAL_TWO_FACTOR_AUTH'
      ? within(state?.actionOtpVerifiedAt, ACTION_VALID_MS, now)
      : within(state?.accessCodeVerifiedAt, ACTION_VALID_MS, now),
  );
  if (req.action.length > 0 && !passed) pending.push(...req.action);
  if (req.cuil && !within(state?.cuilVerifiedAt, ACCESS_VALID_MS, now)) pending.push('CUIL');
  return pending;
}

const accessMessage = (pending: PendingMethod[]) =>
  pending.includes('TWO_FACTOR_AUTH')
    ? 'Verify your identity first: a code is sent to your e-mail'
    : 'Verify your identity first: enter the code the sender gave you';

/**
 * Refuses to show or change anything (view, fields, PDFs, signed copy, certificate, signature
 * images, complete, reject), before and after completion, until this caller passed access
 * verification. Reads only.
 * @throws VERIFICATION_REQUIRED (403) with stage `access`
 */
export async function assertAccessVerified(db: Db, s: SigningSession, now: Date, passes: CallerPasses): Promise<void> {
  const req = requirementsOf(s);
  if (req.access.length === 0) return;
  const pending = pendingAccess(req, asSeenBy(await loadVerificationState(db, s), passes), now);
  if (pending.length > 0)
    throw new AppError('VERIFICATION_REQUIRED', accessMessage(pending), {
      verification: { stage: 'access', pending },
    });
}

/**
 * Before completing or rejecting (the same final say): access, then action verification, by this caller.
 * @throws VERIFICATION_REQUIRED (403) with stage `access` or `action`
 */
export async function assertActionVerified(db: Db, s: SigningSession, now: Date, passes: CallerPasses): Promise<void> {
  const req = requirementsOf(s);
  if (req.access.length === 0 && req.action.length === 0 && !req.cuil) return;
  const state = asSeenBy(await loadVerificationState(db, s), passes);
  const access = pendingAccess(req, state, now);
  if (access.length > 0)
    throw new AppError('VERIFICATION_REQUIRED', accessMessage(access), {
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
