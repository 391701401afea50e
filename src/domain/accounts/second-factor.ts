import { acceptTotpStep, spendRecoveryCode, type UserAccountRow } from '../../db/repositories/user-account.repo.js';
import { totpStepOf } from '../../infra/crypto/totp.js';
import type { Ctx } from '../context.js';
import { hashRecoveryCode } from './account-secrets.js';

export interface SecondFactorInput {
  totpCode?: string | undefined;
  recoveryCode?: string | undefined;
}

/**
 * Checks a TOTP code (current step ±1, never a step already used) or spends a recovery code, each
 * in one statement so two requests cannot both use the same one. Which passed, or null.
 */
export async function checkSecondFactor(
  ctx: Pick<Ctx, 'db' | 'secrets' | 'clock'>,
  user: UserAccountRow,
  input: SecondFactorInput,
): Promise<'totp' | 'recovery-code' | null> {
  const now = ctx.clock();
  if (input.totpCode !== undefined && user.totpSecretSealed) {
    const step = totpStepOf(ctx.secrets.open(user.totpSecretSealed), input.totpCode, now, user.totpLastStep);
    return step !== null && (await acceptTotpStep(ctx.db, user.id, step)) ? 'totp' : null;
  }
  if (input.recoveryCode !== undefined)
    return (await spendRecoveryCode(ctx.db, user.id, hashRecoveryCode(input.recoveryCode), now.toISOString()))
      ? 'recovery-code'
      : null;
  return null;
}
