import type { Db } from '../../db/database.js';
import { insertPlatformMember } from '../../db/repositories/platform-member.repo.js';
import { insertUser } from '../../db/repositories/user-account.repo.js';
import type { MemberRole } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Language } from '../../lib/vocabulary/languages.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { newUserRow } from './user-rows.js';
import { queueEmailVerification } from './send-email-verification.js';
import type { StartedSession } from './session-view.js';
import { startSession } from './start-session.js';

export interface NewMemberAccount {
  email: string;
  name: string;
  passwordHash: string;
  language: Language;
  platformId: number;
  role: MemberRole;
  via: 'setup' | 'invitation';
  /** Who invited (null: the operator, or the setup link). */
  invitedBy: string | null;
  request: RequestMeta;
}

/**
 * Creates an account as a member of a platform, in the caller's transaction: the user (its
 * address unverified, a verification mail queued), the membership, their audit entries, and a
 * first session.
 * @throws ALREADY_EXISTS when an account has the address (also when another request made it first)
 */
export async function createMemberAccount(
  ctx: Pick<Ctx, 'config' | 'secrets'>,
  trx: Db,
  input: NewMemberAccount,
  now: Date,
): Promise<StartedSession> {
  const iso = now.toISOString();
  const user = newUserRow(
    {
      email: input.email,
      name: input.name,
      passwordHash: input.passwordHash,
      language: input.language,
      emailVerifiedAt: null,
    },
    iso,
  );
  if (!(await insertUser(trx, user)))
    throw new AppError('ALREADY_EXISTS', 'An account with this e-mail address exists: sign in instead');
  await insertPlatformMember(trx, { platformId: input.platformId, userId: user.id, role: input.role, createdAt: iso });
  const common = { userId: user.id, email: user.email, request: input.request, at: now };
  await appendAccountAudit(trx, { ...common, type: 'USER_CREATED', data: { via: input.via } });
  await appendAccountAudit(trx, {
    ...common,
    type: 'MEMBER_ADDED',
    platformId: input.platformId,
    actorUserId: input.invitedBy,
    data: { role: input.role },
  });
  await queueEmailVerification(ctx, trx, user, input.request, now);
  return startSession(ctx, trx, user, { method: input.via, request: input.request, now });
}
