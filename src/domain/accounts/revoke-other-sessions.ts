import { deleteUserSessions } from '../../db/repositories/user-session.repo.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import type { AccountPrincipal } from './session-view.js';

/** Ends every session of the user but the current one ("sign out everywhere else"). */
export async function revokeOtherSessions(
  ctx: Ctx,
  principal: AccountPrincipal,
  request: RequestMeta,
): Promise<{ revoked: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const revoked = await deleteUserSessions(trx, principal.userId, principal.sessionId);
    await appendAccountAudit(trx, {
      type: 'SESSION_REVOKED',
      userId: principal.userId,
      email: principal.email,
      request,
      data: { sessions: revoked, keptSessionId: principal.sessionId },
      at: ctx.clock(),
    });
    return { revoked };
  });
}
