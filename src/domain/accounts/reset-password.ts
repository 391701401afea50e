import { spendAccountLink } from '../../db/repositories/account-link.repo.js';
import { findUserById } from '../../db/repositories/user-account.repo.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { invalidAccountLink, liveAccountLink } from './account-links.js';
import { newPasswordHash, replacePassword } from './replace-password.js';

/**
 * Sets a new password with a reset link: the link is spent (once, in the same transaction), every
 * session of the account ends, the address's failed sign-ins are forgotten (a lockout ends), and
 * the address counts as verified (the mail reached it).
 * @throws ACCOUNT_LINK_INVALID, PASSWORD_TOO_WEAK
 */
export async function resetPassword(
  ctx: Ctx,
  input: { token: string; password: string },
  request: RequestMeta,
): Promise<{ sessionsRevoked: number }> {
  const link = await liveAccountLink(ctx, 'PASSWORD_RESET', input.token);
  const user = link.userId ? await findUserById(ctx.db, link.userId) : undefined;
  if (!user) throw invalidAccountLink();
  const passwordHash = await newPasswordHash(input.password, user.email);
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    if (!(await spendAccountLink(trx, link.id, now.toISOString()))) throw invalidAccountLink();
    return replacePassword(trx, user, {
      passwordHash,
      type: 'PASSWORD_RESET',
      keepSessionId: null,
      verifiesEmail: true,
      request,
      now,
    });
  });
  return { sessionsRevoked: revoked };
}
