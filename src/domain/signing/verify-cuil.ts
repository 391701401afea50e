import { timingSafeEqual } from 'node:crypto';
import { updateRecipientRow } from '../../db/repositories/recipient.repo.js';
import type { Ctx } from '../context.js';
import { compactNationalId, nationalIdRule } from '../recipients/identity-rule.js';
import { loadIdentityPolicy } from '../recipients/load-identity-rule.js';
import { typedVerification } from './typed-verification.js';
import type { SigningRequest } from './verification-grant.js';
import type { VerificationGranted } from './verification-status.js';

/**
 * Firma's CUIL confirmation (`requireCuil` on the recipient): the signer types their CUIL, with or
 * without hyphens, and it must be the one the sender gave (under another identity rule, that rule's
 * ID). A signer sent without one, on a platform whose signers enter their own (`firma platform set
 * --signer-enters-id on`), gives it here: a valid ID under the platform's rule is stored on the
 * recipient in the same transaction as the audit entry (`entered: true`); an invalid one counts as
 * a wrong try.
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
    async (s, trx) => {
      // Compared as stored (no separators, upper case), so a RUT's K or a CPF typed with dots matches too.
      const typed = compactNationalId(cuil);
      const own = s.recipient.cuil;
      if (own) return typed.length === own.length && timingSafeEqual(Buffer.from(typed), Buffer.from(own));
      const policy = await loadIdentityPolicy(trx, s.graph.envelope.platformId);
      const rule = nationalIdRule(policy.rule);
      if (!policy.signerEntersId || !rule || !rule.isValid(typed)) return false;
      const patch = { cuil: typed, updatedAt: ctx.clock().toISOString() };
      await updateRecipientRow(trx, s.recipient.id, patch);
      Object.assign(s.recipient, patch);
      return 'entered';
    },
  );
}
