import { timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../context.js';
import { compactNationalId } from '../recipients/identity-rule.js';
import { typedVerification } from './typed-verification.js';
import type { SigningRequest } from './verification-grant.js';
import type { VerificationGranted } from './verification-status.js';

/**
 * Firma's CUIL confirmation (`requireCuil` on the recipient): the signer types their CUIL, with or
 * without hyphens, and it must be the one the sender gave (under another identity rule, that rule's ID).
 * @throws NOT_FOUND, VERIFICATION_REQUIRED (access first), VERIFICATION_NOT_PENDING, CUIL_MISMATCH,
 *   VERIFICATION_LOCKED, the assertCanAct codes
 */
export async function verifyCuil(
  ctx: Ctx,
  token: string,
  cuil: string,
  request: SigningRequest,
): Promise<VerificationGranted> {
  return typedVerification(
    ctx,
    token,
    request,
    { name: 'CUIL', asked: (req) => req.cuil, wrong: 'CUIL_MISMATCH', wrongMessage: 'That is not the CUIL on record' },
    (s) => {
      // Compared as stored (no separators, upper case), so a RUT's K or a CPF typed with dots matches too.
      const typed = compactNationalId(cuil);
      const own = s.recipient.cuil;
      return !!typed && !!own && typed.length === own.length && timingSafeEqual(Buffer.from(typed), Buffer.from(own));
    },
  );
}
