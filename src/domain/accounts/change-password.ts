import { AppError } from '../../errors.js';
import { passwordMatches } from '../../infra/crypto/password-hash.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { newPasswordHash, replacePassword } from './replace-password.js';
import type { AccountPrincipal } from './session-view.js';
import { signedInUser } from './signed-in-user.js';

export const passwordIncorrect = (member = 'currentPassword') =>
  new AppError('PASSWORD_INCORRECT', 'The password is not right', {
    issues: [{ message: 'not the account’s password', path: [member] }],
  });

/**
 * Changes the signed-in user's password, given the current one; every other session of the user
 * ends (whoever knew the old password is signed out), this one stays.
 * @throws PASSWORD_INCORRECT, PASSWORD_TOO_WEAK, SESSION_REQUIRED
 */
export async function changePassword(
  ctx: Ctx,
  principal: AccountPrincipal,
  input: { currentPassword: string; newPassword: string },
  request: RequestMeta,
): Promise<{ otherSessionsRevoked: number }> {
  const user = await signedInUser(ctx, principal);
  if (!(await passwordMatches(user.passwordHash, input.currentPassword))) throw passwordIncorrect();
  const passwordHash = await newPasswordHash(input.newPassword, user.email, 'newPassword');
  const revoked = await ctx.db.transaction().execute((trx) =>
    replacePassword(trx, user, {
      passwordHash,
      type: 'PASSWORD_CHANGED',
      keepSessionId: principal.sessionId,
      verifiesEmail: false,
      request,
      now: ctx.clock(),
    }),
  );
  return { otherSessionsRevoked: revoked };
}
