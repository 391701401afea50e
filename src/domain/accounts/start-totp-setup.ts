import { updateUser } from '../../db/repositories/user-account.repo.js';
import { AppError } from '../../errors.js';
import { passwordMatches } from '../../infra/crypto/password-hash.js';
import { newTotpSecret, totpUri } from '../../infra/crypto/totp.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { passwordIncorrect } from './change-password.js';
import type { AccountPrincipal } from './session-view.js';
import { signedInUser } from './signed-in-user.js';

/**
 * Starts TOTP for the signed-in user, who types their password again: a new secret is stored
 * sealed (secret box) and returned this once, with its otpauth:// URI for a QR code. Sign-in asks
 * for codes only once a first code confirms it (`enableTotp`); a new setup replaces one not yet
 * confirmed.
 * @throws PASSWORD_INCORRECT, TOTP_ALREADY_ENABLED
 */
export async function startTotpSetup(
  ctx: Ctx,
  principal: AccountPrincipal,
  input: { password: string },
  request: RequestMeta,
): Promise<{ secret: string; otpauthUri: string }> {
  const user = await signedInUser(ctx, principal);
  if (user.totpEnabledAt) throw new AppError('TOTP_ALREADY_ENABLED', 'TOTP is already on for this account');
  if (!(await passwordMatches(user.passwordHash, input.password))) throw passwordIncorrect('password');
  const secret = newTotpSecret();
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    await updateUser(trx, user.id, {
      totpSecretSealed: ctx.secrets.seal(secret),
      totpLastStep: null,
      updatedAt: now.toISOString(),
    });
    await appendAccountAudit(trx, { type: 'TOTP_SETUP_STARTED', userId: user.id, email: user.email, request, at: now });
  });
  return { secret, otpauthUri: totpUri(secret, user.email) };
}
