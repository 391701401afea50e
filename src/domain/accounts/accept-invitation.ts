import { spendAccountLink } from '../../db/repositories/account-link.repo.js';
import { insertPlatformMember } from '../../db/repositories/platform-member.repo.js';
import { findUserByEmail, type UserAccountRow } from '../../db/repositories/user-account.repo.js';
import { AppError } from '../../errors.js';
import { hashPassword } from '../../infra/crypto/password-hash.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { invalidAccountLink, liveAccountLink, type LiveAccountLink } from './account-links.js';
import { isLanguage } from './account-rules.js';
import { createMemberAccount } from './create-member-account.js';
import { checkPasswordPolicy } from './password-policy.js';
import type { AccountPrincipal, StartedSession } from './session-view.js';

export interface AcceptInvitationInput {
  /** For a new account: the person's name and their password. */
  name?: string | undefined;
  password?: string | undefined;
}

export type AcceptedInvitation =
  { kind: 'new-account'; platformId: number; started: StartedSession } | { kind: 'joined'; platformId: number };

/**
 * Accepts an invitation (the link works once). An address without an account gets one, with the
 * name and password given, signed in; an address with one joins the platform, which takes being
 * signed in as that account (the link alone never touches an existing account).
 * @throws ACCOUNT_LINK_INVALID, VALIDATION_ERROR, PASSWORD_TOO_WEAK, SESSION_REQUIRED, FORBIDDEN,
 *   ALREADY_EXISTS (already a member)
 */
export async function acceptInvitation(
  ctx: Ctx,
  token: string,
  input: AcceptInvitationInput,
  session: AccountPrincipal | null,
  request: RequestMeta,
): Promise<AcceptedInvitation> {
  const link = await liveAccountLink(ctx, 'INVITATION', token);
  if (!link.email || !link.role || link.platformId === null) throw invalidAccountLink();
  const existing = await findUserByEmail(ctx.db, link.email);
  if (existing) return joinPlatform(ctx, link, existing, session, request);
  const missing = (['name', 'password'] as const).filter((member) => !input[member]);
  if (missing.length > 0 || !input.name || !input.password)
    throw new AppError('VALIDATION_ERROR', 'A new account needs a name and a password', {
      issues: missing.map((member) => ({ message: 'required for a new account', path: ['body', member] })),
    });
  checkPasswordPolicy(input.password, link.email);
  const passwordHash = await hashPassword(input.password);
  const { name } = input;
  const started = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    if (!(await spendAccountLink(trx, link.id, now.toISOString()))) throw invalidAccountLink();
    await auditAccepted(trx, link, null, request, now);
    return createMemberAccount(
      ctx,
      trx,
      {
        email: link.email!,
        name,
        passwordHash,
        language: isLanguage(link.language) ? link.language : 'en',
        platformId: link.platformId!,
        role: link.role!,
        via: 'invitation',
        invitedBy: link.createdBy,
        request,
      },
      now,
    );
  });
  ctx.wakeWorker();
  return { kind: 'new-account', platformId: link.platformId, started };
}

async function joinPlatform(
  ctx: Ctx,
  link: LiveAccountLink,
  user: UserAccountRow,
  session: AccountPrincipal | null,
  request: RequestMeta,
): Promise<AcceptedInvitation> {
  if (!session)
    throw new AppError('SESSION_REQUIRED', 'An account has this address: sign in with it, then accept the invitation');
  if (session.userId !== user.id)
    throw new AppError('FORBIDDEN', 'This invitation is for another e-mail address than the one signed in');
  const platformId = link.platformId!;
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    const iso = now.toISOString();
    if (!(await spendAccountLink(trx, link.id, iso))) throw invalidAccountLink();
    if (!(await insertPlatformMember(trx, { platformId, userId: user.id, role: link.role!, createdAt: iso })))
      throw new AppError('ALREADY_EXISTS', 'You are already a member of this platform');
    await auditAccepted(trx, link, user.id, request, now);
    await appendAccountAudit(trx, {
      type: 'MEMBER_ADDED',
      userId: user.id,
      platformId,
      actorUserId: link.createdBy,
      email: user.email,
      request,
      data: { role: link.role },
      at: now,
    });
  });
  return { kind: 'joined', platformId };
}

function auditAccepted(
  trx: Parameters<typeof appendAccountAudit>[0],
  link: LiveAccountLink,
  userId: string | null,
  request: RequestMeta,
  now: Date,
) {
  return appendAccountAudit(trx, {
    type: 'INVITATION_ACCEPTED',
    userId,
    platformId: link.platformId,
    email: link.email,
    request,
    data: { invitationId: link.id, role: link.role },
    at: now,
  });
}
