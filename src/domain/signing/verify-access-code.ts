import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import { slowHashMatches } from '../../infra/crypto/slow-hash.js';
import { accountOfRecipient } from './recipient-account.js';
import { typedVerification } from './typed-verification.js';
import type { SigningRequest } from './verification-grant.js';
import type { VerificationGranted } from './verification-status.js';

/**
 * PASSWORD action auth for a recipient whose e-mail has no Firma account (Firma's extension): the
 * access code the sender set on the recipient and handed over out of band, compared with its slow
 * hash. Passing it allows completing for 15 minutes. A recipient with an account gives that
 * account's password instead (verify-account-password.ts), as in Documenso.
 * @throws NOT_FOUND, VERIFICATION_REQUIRED (access first), VERIFICATION_NOT_PENDING, ACCESS_CODE_INVALID,
 *   VERIFICATION_LOCKED, the assertCanAct codes
 */
export async function verifyAccessCode(
  ctx: Ctx,
  token: string,
  accessCode: string,
  request: SigningRequest,
): Promise<VerificationGranted> {
  return typedVerification(
    ctx,
    token,
    request,
    {
      name: 'PASSWORD',
      asked: (req) => req.action.includes('PASSWORD'),
      wrong: 'ACCESS_CODE_INVALID',
      wrongMessage: 'The access code is not right',
      against: 'ACCESS_CODE',
    },
    // Asked only after access passed (no link holder learns whether the address has an account),
    // and thrown before a try is counted.
    async (s, trx) => {
      if (await accountOfRecipient(trx, s))
        throw new AppError(
          'VERIFICATION_NOT_PENDING',
          'Your e-mail address has a Firma account: give its password (POST …/verification/password), not an access code',
        );
      return s.recipient.accessCodeHash ? slowHashMatches(accessCode, s.recipient.accessCodeHash) : false;
    },
  );
}
