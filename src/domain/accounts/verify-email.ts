import { spendAccountLink } from '../../db/repositories/account-link.repo.js';
import { findUserById, updateUser } from '../../db/repositories/user-account.repo.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { invalidAccountLink, liveAccountLink } from './account-links.js';

/**
 * Marks the account's address verified with the mailed link (no session needed: the link may be
 * opened on another device). The link is spent in the same transaction; a link for an address the
 * account no longer has verifies nothing.
 * @throws ACCOUNT_LINK_INVALID
 */
export async function verifyEmail(
  ctx: Ctx,
  input: { token: string },
  request: RequestMeta,
): Promise<{ email: string }> {
  const link = await liveAccountLink(ctx, 'EMAIL_VERIFICATION', input.token);
  const user = link.userId ? await findUserById(ctx.db, link.userId) : undefined;
  if (!user || user.email !== link.email) throw invalidAccountLink();
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    if (!(await spendAccountLink(trx, link.id, now.toISOString()))) throw invalidAccountLink();
    await updateUser(trx, user.id, {
      emailVerifiedAt: user.emailVerifiedAt ?? now.toISOString(),
      updatedAt: now.toISOString(),
    });
    await appendAccountAudit(trx, { type: 'EMAIL_VERIFIED', userId: user.id, email: user.email, request, at: now });
  });
  return { email: user.email };
}
