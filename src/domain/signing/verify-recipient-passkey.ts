import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { findPasskeyByCredentialId, recordPasskeyUse } from '../../db/repositories/passkey.repo.js';
import { AppError, isAppError } from '../../errors.js';
import { spendChallenge, verifiedPasskeyCounter } from '../accounts/passkey-rules.js';
import type { AccountPrincipal } from '../accounts/session-view.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { recipientAccount, signInRequired } from './recipient-account.js';
import { recipientActor } from './recipient-actor.js';
import { assertCanAct, loadSigningSession } from './signing-session.js';
import { signingChallengeOwner } from './start-recipient-passkey.js';
import { issueGrant, passesOf, type SigningRequest } from './verification-grant.js';
import { asSeenBy, loadVerificationState, requirementsOf } from './verification-state.js';
import { verificationStatus, type VerificationGranted } from './verification-status.js';

const failed = () =>
  new AppError(
    'RECIPIENT_PASSKEY_FAILED',
    'This passkey does not confirm the signature: use a passkey of your account',
  );

/**
 * PASSKEY (action): checks the answer to `startRecipientPasskey`'s options. The challenge is
 * spent first (it must be one handed out for signing, to this recipient in this session, live and
 * unanswered: a replay or another recipient's challenge is PASSKEY_CHALLENGE_INVALID); the
 * credential must be one of the signed-in recipient's own passkeys; @simplewebauthn/server checks
 * origin, RP ID, user verification, the signature and a counter moving forward. A pass (15 minutes,
 * like every action verification) moves the counter in the transaction that audits
 * RECIPIENT_VERIFICATION_PASSED; a failure is audited RECIPIENT_VERIFICATION_FAILED.
 * @throws NOT_FOUND, the assertCanAct codes, RECIPIENT_SIGN_IN_REQUIRED, RECIPIENT_ACCOUNT_MISMATCH,
 *   VERIFICATION_NOT_PENDING, PASSKEY_CHALLENGE_INVALID, RECIPIENT_PASSKEY_FAILED
 */
export async function verifyRecipientPasskey(
  ctx: Ctx,
  token: string,
  principal: AccountPrincipal | null,
  response: AuthenticationResponseJSON,
  request: SigningRequest,
): Promise<VerificationGranted> {
  if (!principal) throw signInRequired();
  const peek = await loadSigningSession(ctx.db, token);
  if (!requirementsOf(peek).action.includes('PASSKEY'))
    throw new AppError('VERIFICATION_NOT_PENDING', 'PASSKEY is not asked of you');
  // Spent before anything else, whatever follows: an answer is never accepted twice.
  const challenge = await spendChallenge(
    ctx,
    response.response.clientDataJSON,
    'SIGNING',
    signingChallengeOwner(principal, peek.recipient.id),
  ).catch((error: unknown) => {
    if (isAppError(error)) return error;
    throw error;
  });
  const passkey = await findPasskeyByCredentialId(ctx.db, response.id);
  const counter =
    typeof challenge === 'string' && passkey?.userId === principal.userId
      ? await verifiedPasskeyCounter(ctx, response, passkey, challenge)
      : null;
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const s = await loadSigningSession(trx, token, { lock: true });
    const now = ctx.clock();
    assertCanAct(s, now, { ignoreTurn: true });
    const user = await recipientAccount(ctx, trx, s, principal, 'PASSKEY', request);
    if (user instanceof AppError) return { refused: user };
    const ok =
      passkey !== undefined &&
      counter !== null &&
      (await recordPasskeyUse(trx, passkey.id, passkey.counter, counter, now.toISOString()));
    await appendAuditEvent(ctx, trx, {
      envelopeId: s.graph.envelope.id,
      type: ok ? 'RECIPIENT_VERIFICATION_PASSED' : 'RECIPIENT_VERIFICATION_FAILED',
      data: { method: 'PASSKEY', ...(challenge instanceof AppError ? { reason: 'challenge' } : {}) },
      actor: recipientActor(s.recipient),
      recipientId: s.recipient.id,
      request,
      at: now,
    });
    if (challenge instanceof AppError) return { refused: challenge };
    if (!ok) return { refused: failed() };
    const passes = { ...passesOf(ctx.secrets, s, request, now), passkey: now.toISOString() };
    return {
      granted: {
        ...verificationStatus(s, asSeenBy(await loadVerificationState(trx, s), passes), now),
        ...issueGrant(ctx.secrets, s.recipient.tokenHash ?? '', passes, principal.sessionId),
      },
    };
  });
  if (outcome.refused) throw outcome.refused;
  return outcome.granted;
}
