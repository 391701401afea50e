import { deletePlatformMember } from '../../db/repositories/platform-member.repo.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { checkMemberChange } from './manage-member.js';
import type { AccountPrincipal } from './session-view.js';

/**
 * Removes a member from a platform, audited (MEMBER_REMOVED) in the same transaction: an admin
 * anyone, a manager only members and managers; never the last admin. Their access ends at once:
 * every request checks membership, so their next one on this platform is NOT_FOUND. Another
 * platform, or a user who is not a member, is NOT_FOUND and nothing changes.
 * @throws NOT_FOUND, FORBIDDEN, LAST_ADMIN
 */
export async function removeMember(
  ctx: Ctx,
  principal: AccountPrincipal,
  input: { platformId: number; userId: string },
  request: RequestMeta,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const member = await checkMemberChange(trx, principal, input.platformId, input.userId);
    await deletePlatformMember(trx, input.platformId, input.userId);
    await appendAccountAudit(trx, {
      type: 'MEMBER_REMOVED',
      userId: member.user.id,
      platformId: input.platformId,
      actorUserId: principal.userId,
      email: member.user.email,
      request,
      data: { role: member.role },
      at: ctx.clock(),
    });
  });
}
