import { replaceRecoveryCodes, updateUser } from '../../db/repositories/user-account.repo.js';
import { AppError } from '../../errors.js';
import { totpStepOf } from '../../infra/crypto/totp.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { hashRecoveryCode, newRecoveryCodes } from './account-secrets.js';
import type { AccountPrincipal } from './session-view.js';
import { signedInUser } from './signed-in-user.js';

/**
 * Turns TOTP on once a code from the set-up secret checks out, and returns ten recovery codes this
 * once (stored hashed, each usable once instead of a TOTP code). From then on sign-in needs a code.
 * @throws TOTP_ALREADY_ENABLED, TOTP_NOT_SET_UP, TOTP_CODE_INVALID
 */
export async function enableTotp(
  ctx: Ctx,
  principal: AccountPrincipal,
  input: { code: string },
  request: RequestMeta,
): Promise<{ recoveryCodes: string[] }> {
  const user = await signedInUser(ctx, principal);
  if (user.totpEnabledAt) throw new AppError('TOTP_ALREADY_ENABLED', 'TOTP is already on for this account');
  if (!user.totpSecretSealed) throw new AppError('TOTP_NOT_SET_UP', 'Start the TOTP setup first');
  const now = ctx.clock();
  const step = totpStepOf(ctx.secrets.open(user.totpSecretSealed), input.code, now, null);
  if (step === null) throw new AppError('TOTP_CODE_INVALID', 'The code is wrong: check the device’s clock');
  const recoveryCodes = newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    const iso = now.toISOString();
    await updateUser(trx, user.id, { totpEnabledAt: iso, totpLastStep: step, updatedAt: iso });
    await replaceRecoveryCodes(trx, user.id, recoveryCodes.map(hashRecoveryCode), iso);
    await appendAccountAudit(trx, {
      type: 'TOTP_ENABLED',
      userId: user.id,
      email: user.email,
      request,
      data: { recoveryCodes: recoveryCodes.length },
      at: now,
    });
  });
  return { recoveryCodes };
}
