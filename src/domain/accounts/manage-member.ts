import type { Db } from '../../db/database.js';
import { findMembership, lockPlatformMembers } from '../../db/repositories/platform-member.repo.js';
import { findUserById, type UserAccountRow } from '../../db/repositories/user-account.repo.js';
import type { MemberRole } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { mayManage } from './account-rules.js';
import type { AccountPrincipal } from './session-view.js';

/** The member a change is about, once the actor may make it. */
export interface ManagedMember {
  user: UserAccountRow;
  role: MemberRole;
  memberSince: string;
}

/**
 * Checks a change of `targetUserId`'s membership (a new role `to`, or removal) inside the caller's
 * transaction, the platform's memberships locked: the actor must be a member (else NOT_FOUND, like
 * an unknown platform) whom the roles allow (FORBIDDEN); the target a member (NOT_FOUND); and the
 * platform must keep an admin (LAST_ADMIN).
 * @throws NOT_FOUND, FORBIDDEN, LAST_ADMIN
 */
export async function checkMemberChange(
  trx: Db,
  principal: AccountPrincipal,
  platformId: number,
  targetUserId: string,
  to?: MemberRole,
): Promise<ManagedMember> {
  const actor = await findMembership(trx, platformId, principal.userId);
  if (!actor) throw notFound('Platform');
  const members = await lockPlatformMembers(trx, platformId);
  const target = members.find((m) => m.userId === targetUserId);
  const user = target ? await findUserById(trx, targetUserId) : undefined;
  if (!target || !user) throw notFound('Member');
  if (!mayManage(actor.role, target.role, to))
    throw new AppError(
      'FORBIDDEN',
      `A ${actor.role} of this platform cannot ${to ? `make a ${target.role} a ${to}` : `remove a ${target.role}`}`,
    );
  const admins = members.filter((m) => m.role === 'ADMIN').length;
  if (target.role === 'ADMIN' && to !== 'ADMIN' && admins <= 1)
    throw new AppError(
      'LAST_ADMIN',
      'The platform’s last admin can be neither demoted nor removed: make another admin first',
    );
  return { user, role: target.role, memberSince: target.createdAt };
}
