import { updateMemberRole } from '../../db/repositories/platform-member.repo.js';
import type { MemberRole } from '../../db/schema.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import type { MemberView } from './list-platform-members.js';
import { checkMemberChange } from './manage-member.js';
import type { AccountPrincipal } from './session-view.js';

/**
 * Changes a member's role on a platform, audited (MEMBER_ROLE_CHANGED) in the same transaction:
 * an admin anyone's, a manager only members' and managers' and never to ADMIN; the last admin
 * stays one. Another platform, or a user who is not a member, is NOT_FOUND and nothing changes.
 * @throws NOT_FOUND, FORBIDDEN, LAST_ADMIN
 */
export async function changeMemberRole(
  ctx: Ctx,
  principal: AccountPrincipal,
  input: { platformId: number; userId: string; role: MemberRole },
  request: RequestMeta,
): Promise<MemberView> {
  return ctx.db.transaction().execute(async (trx) => {
    const member = await checkMemberChange(trx, principal, input.platformId, input.userId, input.role);
    if (member.role !== input.role) {
      await updateMemberRole(trx, input.platformId, input.userId, input.role);
      await appendAccountAudit(trx, {
        type: 'MEMBER_ROLE_CHANGED',
        userId: member.user.id,
        platformId: input.platformId,
        actorUserId: principal.userId,
        email: member.user.email,
        request,
        data: { from: member.role, to: input.role },
        at: ctx.clock(),
      });
    }
    return {
      userId: member.user.id,
      email: member.user.email,
      name: member.user.name,
      role: input.role,
      memberSince: member.memberSince,
    };
  });
}
