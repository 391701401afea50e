import type { SeenState } from './verification-state.js';
import type { SigningSession } from './signing-session.js';
import { pendingAccess, pendingAction, requirementsOf, type PendingMethod } from './verification-state.js';

/** A passing verification call's answer: the status, and the caller's grant to present from now on. */
export interface VerificationGranted extends VerificationStatus {
  verificationToken: string;
  verificationExpiresAt: string;
}

/** What the signing API answers about verification: what is asked, what is still pending. */
export interface VerificationStatus {
  stage: 'access' | 'action' | null;
  pending: PendingMethod[];
  access: { required: string[]; pending: PendingMethod[] };
  action: { required: string[]; pending: PendingMethod[] };
  /** Where a code goes, masked (`a•••@example.com`), so the person knows which mailbox to open. */
  emailHint: string | null;
}

export function verificationStatus(s: SigningSession, state: SeenState | null, now: Date): VerificationStatus {
  const req = requirementsOf(s);
  const access = pendingAccess(req, state, now);
  const action = pendingAction(req, state, now);
  const stage = access.length > 0 ? 'access' : action.length > 0 ? 'action' : null;
  return {
    stage,
    pending: stage === 'access' ? access : action,
    access: { required: req.access, pending: access },
    action: { required: [...req.action, ...(req.cuil ? ['CUIL'] : [])], pending: action },
    emailHint: maskEmail(s.recipient.email),
  };
}

/** An e-mail address as shown to whoever holds a link: its first letter and its domain. */
export function maskEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  return `${email[0]}•••${email.slice(at)}`;
}
