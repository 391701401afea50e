import type { Db } from '../../db/database.js';
import type { UserAccountRow } from '../../db/repositories/user-account.repo.js';
import { deleteLapsedSessions, insertSession } from '../../db/repositories/user-session.repo.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { newId } from '../ids.js';
import { appendAccountAudit } from './account-audit.js';
import { userView } from './account-rules.js';
import { csrfTokenFor, hashSecretToken, newSecretToken } from './account-secrets.js';
import { sessionView, type StartedSession } from './session-view.js';

/** How the user proved who they are, as the SIGN_IN entry records it. */
export type SignInMethod =
  | 'password'
  | 'password+totp'
  | 'password+recovery-code'
  | 'passkey'
  | 'oidc'
  | 'setup'
  | 'invitation'
  | 'sign-up-link';

/**
 * Opens a session for `user` in the caller's transaction, with its SIGN_IN audit entry, and
 * clears the user's sessions that have already ended. The token goes back once, for the cookie;
 * only its hash is stored.
 */
export async function startSession(
  ctx: Pick<Ctx, 'config'>,
  trx: Db,
  user: UserAccountRow,
  input: { method: SignInMethod; request: RequestMeta; now: Date },
): Promise<StartedSession> {
  const { now } = input;
  const nowIso = now.toISOString();
  const { sessionIdleMs, sessionMaxMs } = ctx.config.accounts;
  await deleteLapsedSessions(trx, user.id, nowIso, new Date(now.getTime() - sessionIdleMs).toISOString());
  const token = newSecretToken();
  const row = {
    id: newId('session'),
    userId: user.id,
    tokenHash: hashSecretToken(token),
    createdAt: nowIso,
    lastSeenAt: nowIso,
    expiresAt: new Date(now.getTime() + sessionMaxMs).toISOString(),
    ip: input.request.ip,
    userAgent: input.request.userAgent,
  };
  await insertSession(trx, row);
  await appendAccountAudit(trx, {
    type: 'SIGN_IN',
    userId: user.id,
    email: user.email,
    request: input.request,
    data: { method: input.method, sessionId: row.id },
    at: now,
  });
  return {
    token,
    maxAgeSeconds: Math.floor(sessionMaxMs / 1000),
    answer: { user: userView(user), session: sessionView(ctx, row, true), csrfToken: csrfTokenFor(token) },
  };
}
