import { clearSignInThrottle } from '../../db/repositories/sign-in-throttle.repo.js';
import { findUserByEmail } from '../../db/repositories/user-account.repo.js';
import { AppError } from '../../errors.js';
import { passwordMatches, spendPasswordCheck } from '../../infra/crypto/password-hash.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { normalizeEmail } from './account-rules.js';
import { throttleKeyOf } from './account-secrets.js';
import { checkSecondFactor, type SecondFactorInput } from './second-factor.js';
import type { StartedSession } from './session-view.js';
import { countFailedSignIn, refuseWhileLocked, type SignInFailure } from './sign-in-throttle.js';
import { startSession, type SignInMethod } from './start-session.js';

export interface SignInInput extends SecondFactorInput {
  email: string;
  password: string;
}

const failed = () => new AppError('SIGN_IN_FAILED', 'The e-mail address or the password is wrong');

/**
 * Signs in with e-mail and password (and the TOTP code, or a recovery code, when the account uses
 * TOTP), opening a session. An address no account has is answered exactly like a wrong password,
 * after the same work: a password hash checked (a dummy one), a failure counted and audited, the
 * same lockout. Per-IP and per-address rate limits run before this, in the HTTP layer.
 * @throws SIGN_IN_FAILED, SIGN_IN_LOCKED (429), TOTP_REQUIRED, TOTP_CODE_INVALID
 */
export async function signIn(ctx: Ctx, input: SignInInput, request: RequestMeta): Promise<StartedSession> {
  const email = normalizeEmail(input.email);
  const key = throttleKeyOf(email);
  await refuseWhileLocked(ctx, key);
  const user = await findUserByEmail(ctx.db, email);
  const passwordOk = user
    ? await passwordMatches(user.passwordHash, input.password)
    : await spendPasswordCheck(input.password);
  const failure: SignInFailure = { key, email, userId: user?.id ?? null, reason: 'password', request };
  if (!user || !passwordOk) {
    await ctx.db.transaction().execute((trx) => countFailedSignIn(ctx, trx, failure, ctx.clock()));
    throw failed();
  }
  if (user.totpEnabledAt && input.totpCode === undefined && input.recoveryCode === undefined)
    throw new AppError('TOTP_REQUIRED', 'This account uses a second factor: send totpCode (or a recoveryCode) too');
  // The code is spent in the transaction that opens the session: a recovery code is never used up
  // without the sign-in it was for, and the SIGN_IN entry records which factor passed.
  const started = await ctx.db.transaction().execute(async (trx) => {
    let method: SignInMethod = 'password';
    if (user.totpEnabledAt) {
      const passed = await checkSecondFactor({ ...ctx, db: trx }, user, input);
      if (!passed) return null;
      method = passed === 'totp' ? 'password+totp' : 'password+recovery-code';
    }
    await clearSignInThrottle(trx, key);
    return startSession(ctx, trx, user, { method, request, now: ctx.clock() });
  });
  if (started) return started;
  const second = { ...failure, reason: 'second-factor' as const };
  await ctx.db.transaction().execute((trx) => countFailedSignIn(ctx, trx, second, ctx.clock()));
  throw new AppError('TOTP_CODE_INVALID', 'The code is wrong or was already used');
}
