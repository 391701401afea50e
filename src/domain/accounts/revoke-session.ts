import { deleteUserSession } from '../../db/repositories/user-session.repo.js';
import { notFound } from '../../errors.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import type { AccountPrincipal } from './session-view.js';

/**
 * Ends one of the user's sessions; ending the current one is signing out (SIGN_OUT).
 * Another user's session is NOT_FOUND, like an unknown one, and is left alone.
 * @throws NOT_FOUND
 */
export async function revokeSession(
  ctx: Ctx,
  principal: AccountPrincipal,
  sessionId: string,
  request: RequestMeta,
): Promise<{ current: boolean }> {
  const current = sessionId === principal.sessionId;
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteUserSession(trx, principal.userId, sessionId))) throw notFound('Session');
    await appendAccountAudit(trx, {
      type: current ? 'SIGN_OUT' : 'SESSION_REVOKED',
      userId: principal.userId,
      email: principal.email,
      request,
      data: { sessionId, sessions: 1 },
      at: ctx.clock(),
    });
  });
  return { current };
}
