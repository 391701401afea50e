import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { listUserPasskeys } from '../../db/repositories/passkey.repo.js';
import { AppError } from '../../errors.js';
import { keepChallenge, PASSKEY_CHALLENGE_VALID_MS, relyingParty, transportsOf } from '../accounts/passkey-rules.js';
import type { AccountPrincipal } from '../accounts/session-view.js';
import type { Ctx } from '../context.js';
import { recipientAccount, signInRequired } from './recipient-account.js';
import { assertCanAct, loadSigningSession } from './signing-session.js';
import { passesOf, type SigningRequest } from './verification-grant.js';
import { accessMessage, asSeenBy, loadVerificationState, pendingAccess, requirementsOf } from './verification-state.js';

/** What binds a signing challenge: this recipient, in this account session (the purpose is SIGNING). */
export function signingChallengeOwner(principal: AccountPrincipal, recipientId: number) {
  return { userId: principal.userId, sessionId: `recipient:${recipientId}:${principal.sessionId}` };
}

/**
 * PASSKEY (action): the options for `navigator.credentials.get()` listing the passkeys of the
 * recipient's own account (the caller must be signed in to it), user verification required. The
 * challenge is kept five minutes for one answer, bound to this recipient, this session and
 * signing (SIGNING): it opens nothing else, and no other recipient's confirmation.
 * @throws NOT_FOUND, the assertCanAct codes, VERIFICATION_REQUIRED (access first),
 *   VERIFICATION_NOT_PENDING, RECIPIENT_SIGN_IN_REQUIRED, RECIPIENT_ACCOUNT_MISMATCH, RECIPIENT_NO_PASSKEY
 */
export async function startRecipientPasskey(
  ctx: Ctx,
  token: string,
  principal: AccountPrincipal | null,
  request: SigningRequest,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  if (!principal) throw signInRequired();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const s = await loadSigningSession(trx, token, { lock: true });
    const now = ctx.clock();
    assertCanAct(s, now, { ignoreTurn: true });
    const req = requirementsOf(s);
    const access = pendingAccess(
      req,
      asSeenBy(await loadVerificationState(trx, s), passesOf(ctx.secrets, s, request, now)),
      now,
    );
    if (access.length > 0)
      throw new AppError('VERIFICATION_REQUIRED', accessMessage(access), {
        verification: { stage: 'access', pending: access },
      });
    if (!req.action.includes('PASSKEY')) throw new AppError('VERIFICATION_NOT_PENDING', 'PASSKEY is not asked of you');
    const user = await recipientAccount(ctx, trx, s, principal, 'PASSKEY', request);
    if (user instanceof AppError) return { refused: user };
    return { user, principal, recipientId: s.recipient.id };
  });
  if (outcome.refused) throw outcome.refused;
  const passkeys = await listUserPasskeys(ctx.db, outcome.user.id);
  if (passkeys.length === 0)
    throw new AppError(
      'RECIPIENT_NO_PASSKEY',
      'Your Firma account has no passkey yet: add one in your account’s security settings, then come back',
    );
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_VALID_MS,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
  });
  await keepChallenge(ctx, options.challenge, 'SIGNING', signingChallengeOwner(outcome.principal, outcome.recipientId));
  return options;
}
