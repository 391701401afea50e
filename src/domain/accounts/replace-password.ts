import type { Db } from '../../db/database.js';
import { clearSignInThrottle } from '../../db/repositories/sign-in-throttle.repo.js';
import { updateUser, type UserAccountRow } from '../../db/repositories/user-account.repo.js';
import { deleteUserSessions } from '../../db/repositories/user-session.repo.js';
import { hashPassword } from '../../infra/crypto/password-hash.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import { appendAccountAudit } from './account-audit.js';
import { throttleKeyOf } from './account-secrets.js';
import { checkPasswordPolicy } from './password-policy.js';

/**
 * A new password's hash, once it passes the policy (hashed before any transaction opens: argon2
 * takes tens of milliseconds).
 * @throws PASSWORD_TOO_WEAK naming `member`
 */
export async function newPasswordHash(password: string, email: string, member = 'password'): Promise<string> {
  checkPasswordPolicy(password, email, member);
  return hashPassword(password);
}

/**
 * Stores a new password in the caller's transaction: the sessions of the account end (all, or all
 * but `keepSessionId`), the address's failed sign-ins are forgotten, and the change is audited.
 * The number of sessions ended.
 */
export async function replacePassword(
  trx: Db,
  user: Pick<UserAccountRow, 'id' | 'email' | 'emailVerifiedAt'>,
  change: {
    passwordHash: string;
    type: 'PASSWORD_CHANGED' | 'PASSWORD_RESET';
    keepSessionId: string | null;
    /** A reset link reached the address: it counts as verified. */
    verifiesEmail: boolean;
    request: RequestMeta;
    now: Date;
  },
): Promise<number> {
  const iso = change.now.toISOString();
  await updateUser(trx, user.id, {
    passwordHash: change.passwordHash,
    passwordChangedAt: iso,
    ...(change.verifiesEmail ? { emailVerifiedAt: user.emailVerifiedAt ?? iso } : {}),
    updatedAt: iso,
  });
  const revoked = await deleteUserSessions(trx, user.id, change.keepSessionId);
  await clearSignInThrottle(trx, throttleKeyOf(user.email));
  await appendAccountAudit(trx, {
    type: change.type,
    userId: user.id,
    email: user.email,
    request: change.request,
    data: { sessionsRevoked: revoked },
    at: change.now,
  });
  return revoked;
}
