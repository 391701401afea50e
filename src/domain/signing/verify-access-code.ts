import type { Ctx } from '../context.js';
import { slowHashMatches } from '../../infra/crypto/slow-hash.js';
import { typedVerification } from './typed-verification.js';
import type { SigningRequest } from './verification-grant.js';
import type { VerificationGranted } from './verification-status.js';

/**
 * PASSWORD action auth: the access code the sender set on the recipient and handed over out of
 * band, compared with its slow hash. Passing it allows completing for 15 minutes.
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
    },
    (s) => (s.recipient.accessCodeHash ? slowHashMatches(accessCode, s.recipient.accessCodeHash) : false),
  );
}
