import { spendAccountLink } from '../../db/repositories/account-link.repo.js';
import { hashPassword } from '../../infra/crypto/password-hash.js';
import type { Language } from '../../lib/vocabulary/languages.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { invalidAccountLink, liveAccountLink } from './account-links.js';
import { checkPasswordPolicy } from './password-policy.js';
import type { StartedSession } from './session-view.js';
import { createMemberAccount } from './create-member-account.js';

export interface FirstAdminInput {
  email: string;
  name: string;
  password: string;
  language?: Language | undefined;
}

/**
 * The first start's setup link at work: creates the first administrator (ADMIN of the platform
 * the first start made) and signs them in. The link is spent in the same transaction, so it works
 * once whatever races it.
 * @throws ACCOUNT_LINK_INVALID, PASSWORD_TOO_WEAK, ALREADY_EXISTS
 */
export async function createFirstAdmin(
  ctx: Ctx,
  token: string,
  input: FirstAdminInput,
  request: RequestMeta,
): Promise<StartedSession> {
  const link = await liveAccountLink(ctx, 'SETUP', token);
  if (link.platformId === null) throw invalidAccountLink();
  const platformId = link.platformId;
  checkPasswordPolicy(input.password, input.email);
  const passwordHash = await hashPassword(input.password);
  const started = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    if (!(await spendAccountLink(trx, link.id, now.toISOString()))) throw invalidAccountLink();
    return createMemberAccount(
      ctx,
      trx,
      {
        email: input.email,
        name: input.name,
        passwordHash,
        language: input.language ?? 'en',
        platformId,
        role: 'ADMIN',
        via: 'setup',
        invitedBy: null,
        request,
      },
      now,
    );
  });
  ctx.wakeWorker();
  return started;
}
