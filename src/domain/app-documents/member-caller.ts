import { findMembership } from '../../db/repositories/platform-member.repo.js';
import { notFound } from '../../errors.js';
import type { AccountPrincipal } from '../accounts/session-view.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';

/**
 * A signed-in user acting on one of their platforms in the web app, as the caller the API's use
 * cases take: the platform's full rights, narrowed by visibility (auth/member-visibility.ts), with
 * the member named in the audit and owning what they make. A platform they are not a member of is
 * NOT_FOUND, like an unknown one.
 * @throws NOT_FOUND
 */
export async function memberCaller(
  ctx: Ctx,
  account: AccountPrincipal,
  platformId: number,
  request: RequestMeta,
): Promise<ApiCaller> {
  const membership = await findMembership(ctx.db, platformId, account.userId);
  if (!membership) throw notFound('Platform');
  return {
    principal: {
      platformId,
      platformName: membership.platformName,
      // Never an API token: the id marks the app in the places that name a token.
      tokenId: `app:${account.userId}`,
      scope: 'full',
      environment: ctx.config.environment,
      member: { userId: account.userId, email: account.email, name: account.name, role: membership.role },
    },
    request,
  };
}
