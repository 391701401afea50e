import { listUserSessions } from '../../db/repositories/user-session.repo.js';
import type { Ctx } from '../context.js';
import { sessionLapsed, sessionView, type AccountPrincipal, type SessionView } from './session-view.js';

/** The user's open sessions (newest first), the current one marked; ended ones are left out. */
export async function listSessions(ctx: Ctx, principal: AccountPrincipal): Promise<SessionView[]> {
  const now = ctx.clock();
  return (await listUserSessions(ctx.db, principal.userId))
    .filter((row) => !sessionLapsed(ctx, row, now))
    .map((row) => sessionView(ctx, row, row.id === principal.sessionId));
}
