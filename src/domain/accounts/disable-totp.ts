import { replaceRecoveryCodes, updateUser } from '../../db/repositories/user-account.repo.js';
import { AppError } from '../../errors.js';
import { passwordMatches } from '../../infra/crypto/password-hash.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { passwordIncorrect } from './change-password.js';
import { checkSecondFactor, type SecondFactorInput } from './second-factor.js';
import type { AccountPrincipal } from './session-view.js';
import { signedInUser } from './signed-in-user.js';

/**
 * Turns TOTP off, given the password and a current code (or a recovery code): the secret and the
 * recovery codes are deleted.
 * @throws TOTP_NOT_SET_UP, PASSWORD_INCORRECT, TOTP_CODE_INVALID
 */
export async function disableTotp(
  ctx: Ctx,
  principal: AccountPrincipal,
  input: SecondFactorInput & { password: string },
  request: RequestMeta,
): Promise<void> {
  const user = await signedInUser(ctx, principal);
  if (!user.totpEnabledAt) throw new AppError('TOTP_NOT_SET_UP', 'TOTP is not on for this account');
  if (!(await passwordMatches(user.passwordHash, input.password))) throw passwordIncorrect('password');
  const disabled = await ctx.db.transaction().execute(async (trx) => {
    // Checked in the transaction that turns TOTP off: a recovery code is spent only if it does.
    if (!(await checkSecondFactor({ ...ctx, db: trx }, user, input))) return false;
    const now = ctx.clock();
    const iso = now.toISOString();
    await updateUser(trx, user.id, { totpSecretSealed: null, totpEnabledAt: null, totpLastStep: null, updatedAt: iso });
    await replaceRecoveryCodes(trx, user.id, [], iso);
    await appendAccountAudit(trx, { type: 'TOTP_DISABLED', userId: user.id, email: user.email, request, at: now });
    return true;
  });
  if (!disabled) throw new AppError('TOTP_CODE_INVALID', 'The code is wrong or was already used');
}
