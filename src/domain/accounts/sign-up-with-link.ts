import { spendAccountLink } from '../../db/repositories/account-link.repo.js';
import { insertUser } from '../../db/repositories/user-account.repo.js';
import { AppError } from '../../errors.js';
import { hashPassword } from '../../infra/crypto/password-hash.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { invalidAccountLink, liveAccountLink } from './account-links.js';
import { isLanguage } from './account-rules.js';
import { checkPasswordPolicy } from './password-policy.js';
import type { StartedSession } from './session-view.js';
import { startSession } from './start-session.js';
import { newUserRow } from './user-rows.js';

/**
 * Creates the account a signing recipient's sign-up link is for (it works once): exactly the
 * link's e-mail, verified now (the link reached that mailbox), member of no team, signed in. The
 * link is spent in the transaction that makes the account (USER_CREATED via `sign-up-link`).
 * @throws ACCOUNT_LINK_INVALID, PASSWORD_TOO_WEAK, ALREADY_EXISTS (an account has the address since)
 */
export async function signUpWithLink(
  ctx: Ctx,
  token: string,
  input: { name: string; password: string },
  request: RequestMeta,
): Promise<StartedSession> {
  const link = await liveAccountLink(ctx, 'SIGN_UP', token);
  const email = link.email;
  if (!email) throw invalidAccountLink();
  checkPasswordPolicy(input.password, email);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    const iso = now.toISOString();
    if (!(await spendAccountLink(trx, link.id, iso))) throw invalidAccountLink();
    const language = isLanguage(link.language) ? link.language : 'en';
    const user = newUserRow({ email, name: input.name, passwordHash, language, emailVerifiedAt: iso }, iso);
    if (!(await insertUser(trx, user)))
      throw new AppError('ALREADY_EXISTS', 'An account with this e-mail address exists: sign in instead');
    await appendAccountAudit(trx, {
      userId: user.id,
      email,
      request,
      at: now,
      type: 'USER_CREATED',
      data: { via: 'sign-up-link' },
    });
    return startSession(ctx, trx, user, { method: 'sign-up-link', request, now });
  });
}
