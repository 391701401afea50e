import type { Db } from '../../db/database.js';
import type { UserAccountRow } from '../../db/repositories/user-account.repo.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { mailUserLink } from './account-links.js';
import { EMAIL_VERIFICATION_VALID_MS } from './account-rules.js';
import type { AccountPrincipal } from './session-view.js';
import { signedInUser } from './signed-in-user.js';

/**
 * Queues the mail with a verification link (24 hours, once) for the user's address, in the
 * caller's transaction, retiring earlier ones, with its audit entry. Every new account gets one.
 */
export async function queueEmailVerification(
  ctx: Pick<Ctx, 'config' | 'secrets'>,
  trx: Db,
  user: Pick<UserAccountRow, 'id' | 'email' | 'language'>,
  request: RequestMeta,
  now: Date,
): Promise<void> {
  await mailUserLink(ctx, trx, user, 'EMAIL_VERIFICATION', EMAIL_VERIFICATION_VALID_MS, now);
  await appendAccountAudit(trx, {
    type: 'EMAIL_VERIFICATION_SENT',
    userId: user.id,
    email: user.email,
    request,
    at: now,
  });
}

/**
 * Mails the signed-in user a new verification link; nothing when the address is already verified.
 * @throws SESSION_REQUIRED
 */
export async function sendEmailVerification(
  ctx: Ctx,
  principal: AccountPrincipal,
  request: RequestMeta,
): Promise<{ sent: boolean }> {
  const user = await signedInUser(ctx, principal);
  if (user.emailVerifiedAt) return { sent: false };
  await ctx.db.transaction().execute((trx) => queueEmailVerification(ctx, trx, user, request, ctx.clock()));
  ctx.wakeWorker();
  return { sent: true };
}
