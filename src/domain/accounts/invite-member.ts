import { retireInvitations } from '../../db/repositories/account-link.repo.js';
import { findMembership, listPlatformMembers } from '../../db/repositories/platform-member.repo.js';
import { findPlatformByName } from '../../db/repositories/platform.repo.js';
import type { MemberRole } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Language } from '../../lib/vocabulary/languages.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { createAccountLink } from './account-links.js';
import { INVITATION_VALID_MS, mayInvite, ZAccountEmail } from './account-rules.js';
import type { AccountPrincipal } from './session-view.js';

export interface InvitationInput {
  email: string;
  role: MemberRole;
  language?: Language | undefined;
}

export interface InvitationMade {
  id: string;
  platformId: number;
  platformName: string;
  email: string;
  role: MemberRole;
  expiresAt: string;
  /** The link itself: for whoever invites to hand over (it is mailed too when SMTP is set up). */
  url: string;
  mailed: boolean;
}

/**
 * Invites an address to a platform as a member with a role, from the app: an ADMIN may invite any
 * role, a MANAGER managers and members. A platform the user is not a member of is NOT_FOUND, like
 * an unknown one, and nothing is written.
 * @throws NOT_FOUND, FORBIDDEN, VALIDATION_ERROR, ALREADY_EXISTS (already a member)
 */
export async function inviteMember(
  ctx: Ctx,
  principal: AccountPrincipal,
  platformId: number,
  input: InvitationInput,
  request: RequestMeta,
): Promise<InvitationMade> {
  const membership = await findMembership(ctx.db, platformId, principal.userId);
  if (!membership) throw notFound('Platform');
  if (!mayInvite(membership.role, input.role))
    throw new AppError('FORBIDDEN', `A ${membership.role} of this platform cannot invite a ${input.role}`);
  return mintInvitation(ctx, { id: platformId, name: membership.platformName }, input, principal.userId, request);
}

/**
 * The same from the command line (`firma user invite`): the operator may invite any role to any
 * platform. The link is printed to them always, and mailed when SMTP is configured.
 * @throws NOT_FOUND (no such platform), VALIDATION_ERROR, ALREADY_EXISTS
 */
export async function inviteMemberAsOperator(
  ctx: Ctx,
  platformName: string,
  input: InvitationInput,
): Promise<InvitationMade> {
  const platform = await findPlatformByName(ctx.db, platformName);
  if (!platform) throw notFound(`Platform "${platformName}"`);
  return mintInvitation(ctx, platform, input, null, { ip: null, userAgent: null });
}

async function mintInvitation(
  ctx: Ctx,
  platform: { id: number; name: string },
  input: InvitationInput,
  invitedBy: string | null,
  request: RequestMeta,
): Promise<InvitationMade> {
  const parsed = ZAccountEmail.safeParse(input.email);
  if (!parsed.success)
    throw new AppError('VALIDATION_ERROR', 'Invalid e-mail address', {
      issues: [{ message: parsed.error.issues[0]?.message ?? 'invalid', path: ['email'] }],
    });
  const email = parsed.data;
  if ((await listPlatformMembers(ctx.db, platform.id)).some((m) => m.email === email))
    throw new AppError('ALREADY_EXISTS', `${email} is already a member of this platform`);
  const mailed = ctx.config.mail.smtpUrl !== null;
  const link = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    await retireInvitations(trx, platform.id, email, now.toISOString());
    const made = await createAccountLink(
      ctx,
      trx,
      {
        purpose: 'INVITATION',
        email,
        platformId: platform.id,
        role: input.role,
        language: input.language ?? 'en',
        createdBy: invitedBy,
        validMs: INVITATION_VALID_MS,
        mail: mailed,
      },
      now,
    );
    await appendAccountAudit(trx, {
      type: 'INVITATION_CREATED',
      platformId: platform.id,
      actorUserId: invitedBy,
      email,
      request,
      data: { role: input.role, mailed, invitationId: made.id },
      at: now,
    });
    return made;
  });
  if (mailed) ctx.wakeWorker();
  return {
    id: link.id,
    platformId: platform.id,
    platformName: platform.name,
    email,
    role: input.role,
    expiresAt: link.expiresAt,
    url: link.url,
    mailed,
  };
}
