import { findUserByEmail } from '../../db/repositories/user-account.repo.js';
import type { MemberRole } from '../../db/schema.js';
import type { Ctx } from '../context.js';
import { invalidAccountLink, liveAccountLink } from './account-links.js';

export interface InvitationView {
  platformName: string;
  email: string;
  role: MemberRole;
  expiresAt: string;
  /** Whether the invited address has an account (sign in and accept) or not (choose a password). */
  accountExists: boolean;
}

/**
 * What an invitation link offers, for its page. The link's holder is whoever it was sent to, so
 * its answer may say whether the address has an account.
 * @throws ACCOUNT_LINK_INVALID
 */
export async function getInvitation(ctx: Ctx, token: string): Promise<InvitationView> {
  const link = await liveAccountLink(ctx, 'INVITATION', token);
  if (!link.email || !link.role || !link.platformName) throw invalidAccountLink();
  return {
    platformName: link.platformName,
    email: link.email,
    role: link.role,
    expiresAt: link.expiresAt,
    accountExists: (await findUserByEmail(ctx.db, link.email)) !== undefined,
  };
}
