import { findUserByEmail } from '../../db/repositories/user-account.repo.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { mailUserLink } from './account-links.js';
import { normalizeEmail, PASSWORD_RESET_VALID_MS } from './account-rules.js';

/**
 * Mails a password-reset link (30 minutes, once) to the account with that address, replacing any
 * earlier one. The caller answers the same whether or not an account has the address, and the
 * request is audited either way: nobody learns which addresses have accounts.
 */
export async function requestPasswordReset(ctx: Ctx, input: { email: string }, request: RequestMeta): Promise<void> {
  const email = normalizeEmail(input.email);
  const user = await findUserByEmail(ctx.db, email);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    if (user) await mailUserLink(ctx, trx, user, 'PASSWORD_RESET', PASSWORD_RESET_VALID_MS, now);
    await appendAccountAudit(trx, {
      type: 'PASSWORD_RESET_REQUESTED',
      userId: user?.id ?? null,
      email,
      request,
      data: { account: user !== undefined },
      at: now,
    });
  });
  if (user) ctx.wakeWorker();
}
