import { listMemberships } from '../../db/repositories/platform-member.repo.js';
import type { MemberRole } from '../../db/schema.js';
import type { Ctx } from '../context.js';
import type { AccountPrincipal } from './session-view.js';

export interface MembershipView {
  id: number;
  name: string;
  role: MemberRole;
  memberSince: string;
}

/** The platforms (teams) the signed-in user belongs to, with their role in each. */
export async function listMyPlatforms(ctx: Ctx, principal: AccountPrincipal): Promise<MembershipView[]> {
  return (await listMemberships(ctx.db, principal.userId)).map((m) => ({
    id: m.id,
    name: m.name,
    role: m.role,
    memberSince: m.createdAt,
  }));
}
