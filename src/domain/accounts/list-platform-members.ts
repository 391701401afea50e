import { findMembership, listPlatformMembers as listMemberRows } from '../../db/repositories/platform-member.repo.js';
import type { MemberRole } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { Ctx } from '../context.js';
import type { AccountPrincipal } from './session-view.js';

export interface MemberView {
  userId: string;
  email: string;
  name: string;
  role: MemberRole;
  memberSince: string;
}

/**
 * A platform's members, for any of its members; a platform the user is not a member of is
 * NOT_FOUND, like an unknown one.
 * @throws NOT_FOUND
 */
export async function listPlatformMembers(
  ctx: Ctx,
  principal: AccountPrincipal,
  platformId: number,
): Promise<MemberView[]> {
  if (!(await findMembership(ctx.db, platformId, principal.userId))) throw notFound('Platform');
  return (await listMemberRows(ctx.db, platformId)).map((m) => ({
    userId: m.userId,
    email: m.email,
    name: m.name,
    role: m.role,
    memberSince: m.createdAt,
  }));
}
