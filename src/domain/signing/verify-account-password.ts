import { clearSignInThrottle } from '../../db/repositories/sign-in-throttle.repo.js';
import { AppError } from '../../errors.js';
import { passwordMatches } from '../../infra/crypto/password-hash.js';
import { throttleKeyOf } from '../accounts/account-secrets.js';
import { normalizeEmail } from '../accounts/account-rules.js';
import { countFailedSignIn, refuseWhileLocked } from '../accounts/sign-in-throttle.js';
import type { Ctx } from '../context.js';
import { accountOfRecipient } from './recipient-account.js';
import { loadSigningSession } from './signing-session.js';
import { typedVerification } from './typed-verification.js';
import type { SigningRequest } from './verification-grant.js';
import type { VerificationGranted } from './verification-status.js';

/**
 * PASSWORD action auth as in Documenso, for a recipient whose e-mail has a Firma account: that
 * account's password, typed again. Throttled like sign-in and sharing its count (the same
 * password, one budget of guesses): while the address is locked out nothing is checked
 * (SIGN_IN_LOCKED with Retry-After); each wrong password counts a SIGN_IN_FAILED in the account's
 * audit and the recipient's tries (5, then VERIFICATION_LOCKED), with RECIPIENT_VERIFICATION_FAILED
 * on the document, never with the password. A right one clears the count and allows completing
 * for 15 minutes.
 * @throws NOT_FOUND, VERIFICATION_REQUIRED (access first), VERIFICATION_NOT_PENDING,
 *   ACCOUNT_PASSWORD_INVALID, SIGN_IN_LOCKED, VERIFICATION_LOCKED, the assertCanAct codes
 */
export async function verifyAccountPassword(
  ctx: Ctx,
  token: string,
  password: string,
  request: SigningRequest,
): Promise<VerificationGranted> {
  const email = normalizeEmail((await loadSigningSession(ctx.db, token)).recipient.email);
  const key = throttleKeyOf(email);
  await refuseWhileLocked(ctx, key);
  return typedVerification(
    ctx,
    token,
    request,
    {
      name: 'PASSWORD',
      asked: (req) => req.action.includes('PASSWORD'),
      wrong: 'ACCOUNT_PASSWORD_INVALID',
      wrongMessage: 'The password is not your account’s',
      against: 'ACCOUNT_PASSWORD',
    },
    // The account is looked up only after access passed, and its absence thrown before a try counts.
    async (s, trx) => {
      const user = await accountOfRecipient(trx, s);
      if (!user)
        throw new AppError(
          'VERIFICATION_NOT_PENDING',
          'Your e-mail address has no Firma account: give the access code the sender handed you (POST …/verification/access-code)',
        );
      const now = ctx.clock();
      if (await passwordMatches(user.passwordHash, password)) {
        await clearSignInThrottle(trx, key);
        return true;
      }
      await countFailedSignIn(ctx, trx, { key, email, userId: user.id, reason: 'password', request }, now);
      return false;
    },
  );
}
