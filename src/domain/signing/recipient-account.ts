import type { Db } from '../../db/database.js';
import type { Language } from '../../lib/vocabulary/languages.js';
import { createAccountLink } from '../accounts/account-links.js';
import { findUserByEmail, findUserById, type UserAccountRow } from '../../db/repositories/user-account.repo.js';
import { AppError } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import type { AccountPrincipal } from '../accounts/session-view.js';
import { normalizeEmail, SIGN_UP_VALID_MS } from '../accounts/account-rules.js';
import { recipientActor } from './recipient-actor.js';
import type { SigningSession } from './signing-session.js';
import type { SigningRequest } from './verification-grant.js';

/*
 * ACCOUNT and PASSKEY: the recipient is the person signed in to the Firma account whose e-mail
 * is the recipient's (compared case-insensitively), and that e-mail was verified (a link mailed to
 * it was opened), so holding the account proves holding the mailbox the document was sent to.
 */

export const signInRequired = () =>
  new AppError(
    'RECIPIENT_SIGN_IN_REQUIRED',
    'Sign in to your Firma account with the e-mail address this document was sent to',
  );

export const accountMismatch = () =>
  new AppError(
    'RECIPIENT_ACCOUNT_MISMATCH',
    'The account signed in is not the one this document was sent to: sign in with the recipient’s e-mail address',
  );

/** Why a signed-in account is not the recipient's, or null when it is. */
export function mismatchOf(user: UserAccountRow | undefined, s: SigningSession): 'other-account' | 'unverified' | null {
  if (!user || normalizeEmail(user.email) !== normalizeEmail(s.recipient.email)) return 'other-account';
  return user.emailVerifiedAt ? null : 'unverified';
}

/**
 * The recipient's own account, as the caller's session shows it, or the refusal to throw once the
 * caller's transaction committed: a mismatch is audited in it (the reason, never who was signed in
 * instead). The caller refuses no session at all first (signInRequired), without an entry:
 * nobody claimed to be anyone.
 */
export async function recipientAccount(
  ctx: Ctx,
  db: Db,
  s: SigningSession,
  principal: AccountPrincipal,
  method: 'ACCOUNT' | 'PASSKEY',
  request: SigningRequest,
): Promise<UserAccountRow | AppError> {
  const user = await findUserById(db, principal.userId);
  const reason = mismatchOf(user, s);
  if (user && reason === null) return user;
  await appendAuditEvent(ctx, db, {
    envelopeId: s.graph.envelope.id,
    type: 'RECIPIENT_VERIFICATION_FAILED',
    data: { method, reason },
    actor: recipientActor(s.recipient),
    recipientId: s.recipient.id,
    request,
    at: ctx.clock(),
  });
  return accountMismatch();
}

/** The Firma account the recipient's e-mail has, if any (PASSWORD then asks for its password). */
export function accountOfRecipient(db: Db, s: SigningSession): Promise<UserAccountRow | undefined> {
  return findUserByEmail(db, normalizeEmail(s.recipient.email));
}

/** Whether a recipient's verification needs their Firma account (ACCOUNT or PASSKEY, access or action). */
export function asksForAccount(req: { access: readonly string[]; action: readonly string[] }): boolean {
  return [...req.access, ...req.action].some((m) => m === 'ACCOUNT' || m === 'PASSKEY');
}

/**
 * Mails a recipient without an account the one-time link (7 days) that creates one for exactly
 * their e-mail, in the caller's transaction (the link's job with it).
 */
export function mailSignUpLink(
  ctx: Pick<Ctx, 'config' | 'secrets'>,
  trx: Db,
  email: string,
  language: Language,
  now: Date,
): Promise<{ expiresAt: string }> {
  return createAccountLink(
    ctx,
    trx,
    { purpose: 'SIGN_UP', email: normalizeEmail(email), language, validMs: SIGN_UP_VALID_MS, mail: true },
    now,
  );
}
