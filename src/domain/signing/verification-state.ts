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
 * same link; after that the recipient asks for a new code), and so does the ACCOUNT pass (signed
 * in to the recipient's own account, checked when the caller asks for it). Action verification
 * (code again, password or access code, passkey) is asked "right before complete" and holds 15 minutes. The CUIL typed holds as long
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

/** When this caller passed each method, as its grants prove (the row's own *VerifiedAt are not theirs). */
export interface SeenState {
  accessVerifiedAt: string | null;
  actionOtpVerifiedAt: string | null;
  accessCodeVerifiedAt: string | null;
  cuilVerifiedAt: string | null;
  accountVerifiedAt: string | null;
  passkeyVerifiedAt: string | null;
}

/**
 * The state as this caller stands: the passes its grants prove. The code and typed passes count
 * only while the recipient's row for the current token exists (they were earned with it); the
 * account and passkey passes need no row (nothing is kept per recipient for them). Null: nothing.
 */
export function asSeenBy(row: VerificationRow | null, passes: CallerPasses): SeenState | null {
  if (!row && !passes.account && !passes.passkey) return null;
  return {
    accessVerifiedAt: row ? passes.access : null,
    actionOtpVerifiedAt: row ? passes.actionOtp : null,
    accessCodeVerifiedAt: row ? passes.accessCode : null,
    cuilVerifiedAt: row ? passes.cuil : null,
    accountVerifiedAt: passes.account,
    passkeyVerifiedAt: passes.passkey,
  };
}

const within = (at: string | null | undefined, ms: number, now: Date) =>
  !!at && now.getTime() - Date.parse(at) < ms && Date.parse(at) <= now.getTime();

/** Methods still to pass before the content is shown: [] when nothing is asked or all passed. */
export function pendingAccess(req: Requirements, state: SeenState | null, now: Date): PendingMethod[] {
  if (req.access.length === 0) return [];
  const passed = req.access.some((m) =>
    m === 'ACCOUNT'
      ? within(state?.accountVerifiedAt, ACCESS_VALID_MS, now)
      : within(state?.accessVerifiedAt, ACCESS_VALID_MS, now),
  );
  return passed ? [] : [...req.access];
}

/** Whether this caller passed one method of the action list (each holds ACTION_VALID_MS, ACCOUNT as long as access). */
function actionPassed(m: EnforcedMethod, state: SeenState | null, now: Date): boolean {
  switch (m) {
    case 'TWO_FACTOR_AUTH':
    case 'EXTERNAL_TWO_FACTOR_AUTH':
      // Either kind of one-time code passes the action the same way (actionOtpVerifiedAt).
      return within(state?.actionOtpVerifiedAt, ACTION_VALID_MS, now);
    case 'PASSWORD':
      return within(state?.accessCodeVerifiedAt, ACTION_VALID_MS, now);
    case 'ACCOUNT':
      return within(state?.accountVerifiedAt, ACCESS_VALID_MS, now);
    case 'PASSKEY':
      return within(state?.passkeyVerifiedAt, ACTION_VALID_MS, now);
  }
}

/**
 * Methods still to pass before completing: the action list is "any one of" (as in Documenso: the
 * recipient picks), CUIL comes on top when the sender asked for it.
 */
export function pendingAction(req: Requirements, state: SeenState | null, now: Date): PendingMethod[] {
  const pending: PendingMethod[] = [];
  const passed = req.action.some((m) => actionPassed(m, state, now));
  if (req.action.length > 0 && !passed) pending.push(...req.action);
  if (req.cuil && !within(state?.cuilVerifiedAt, ACCESS_VALID_MS, now)) pending.push('CUIL');
  return pending;
}

export const accessMessage = (pending: PendingMethod[]) =>
  pending.includes('ACCOUNT')
    ? 'Verify your identity first: sign in to your Firma account with the e-mail this document was sent to'
    : pending.includes('TWO_FACTOR_AUTH')
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
