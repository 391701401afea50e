import { deleteUserSession, findSessionByTokenHash, touchSession } from '../../db/repositories/user-session.repo.js';
import type { Ctx } from '../context.js';
import { SESSION_TOUCH_MS } from './account-rules.js';
import { csrfTokenFor, hashSecretToken } from './account-secrets.js';
import { sessionLapsed, type AccountPrincipal } from './session-view.js';

/**
 * The account a session cookie's token opens, or null: unknown (signed out, revoked, or never
 * issued) or ended (idle or past its absolute limit; then removed). A live session's last-seen
 * time moves forward, at most once a minute.
 */
export async function authenticateSession(ctx: Ctx, token: string): Promise<AccountPrincipal | null> {
  if (token.length === 0 || token.length > 100) return null;
  const row = await findSessionByTokenHash(ctx.db, hashSecretToken(token));
  if (!row) return null;
  const now = ctx.clock();
  if (sessionLapsed(ctx, { ...row, ip: null, userAgent: null }, now)) {
    await deleteUserSession(ctx.db, row.userId, row.id);
    return null;
  }
  if (now.getTime() - Date.parse(row.lastSeenAt) >= SESSION_TOUCH_MS)
    await touchSession(ctx.db, row.id, now.toISOString());
  return {
    userId: row.userId,
    sessionId: row.id,
    email: row.email,
    name: row.name,
    csrfToken: csrfTokenFor(token),
  };
}
