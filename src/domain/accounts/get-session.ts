import { findUserById } from '../../db/repositories/user-account.repo.js';
import { listUserSessions } from '../../db/repositories/user-session.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import { userView } from './account-rules.js';
import { sessionView, type AccountPrincipal, type SessionAnswer } from './session-view.js';

/**
 * The signed-in user, their current session and its CSRF token: what a page loads first (the
 * CSRF token is not kept by the page across reloads, so it asks again).
 * @throws SESSION_REQUIRED when the session or its user is gone meanwhile
 */
export async function getSession(ctx: Ctx, principal: AccountPrincipal): Promise<SessionAnswer> {
  const [user, sessions] = await Promise.all([
    findUserById(ctx.db, principal.userId),
    listUserSessions(ctx.db, principal.userId),
  ]);
  const current = sessions.find((s) => s.id === principal.sessionId);
  if (!user || !current) throw new AppError('SESSION_REQUIRED', 'Sign in first');
  return { user: userView(user), session: sessionView(ctx, current, true), csrfToken: principal.csrfToken };
}
