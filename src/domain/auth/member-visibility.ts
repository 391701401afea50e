import type { VisibleTo } from '../../db/repositories/envelope-find.repo.js';
import type { MemberRole, Visibility } from '../../db/schema.js';
import type { AppMember, Principal } from './principal.js';

/**
 * Documenso's document visibility, for the members of a team acting in the web app: ADMIN sees
 * every document, MANAGER those for EVERYONE and MANAGER_AND_ABOVE, MEMBER those for EVERYONE — and
 * anyone sees the documents they own or are a recipient of. API tokens are the team's own
 * credentials and see everything of their platform, as Documenso's team tokens do.
 */
const VISIBLE_BY_ROLE: Record<MemberRole, readonly Visibility[]> = {
  ADMIN: ['EVERYONE', 'MANAGER_AND_ABOVE', 'ADMIN'],
  MANAGER: ['EVERYONE', 'MANAGER_AND_ABOVE'],
  MEMBER: ['EVERYONE'],
};

/** The listing filter for the principal: undefined when it sees everything (a token, an admin). */
export function visibleToOf(principal: Principal): VisibleTo | undefined {
  const member = principal.member;
  if (!member || member.role === 'ADMIN') return undefined;
  return { visibilities: VISIBLE_BY_ROLE[member.role], userId: member.userId, email: member.email };
}

/** Whether the member may see one envelope; `isRecipient` is asked only when the rest does not decide. */
export async function memberMaySee(
  member: AppMember,
  envelope: { visibility: Visibility; ownerUserId: string | null },
  isRecipient: () => Promise<boolean>,
): Promise<boolean> {
  if (VISIBLE_BY_ROLE[member.role].includes(envelope.visibility)) return true;
  if (envelope.ownerUserId === member.userId) return true;
  return isRecipient();
}

/**
 * The folder visibilities the principal may see, by role alone (a folder has no owner nor
 * recipients): undefined when it sees every folder (a token, an admin).
 */
export function folderVisibilitiesOf(principal: Principal): readonly Visibility[] | undefined {
  const member = principal.member;
  if (!member || member.role === 'ADMIN') return undefined;
  return VISIBLE_BY_ROLE[member.role];
}

/** Whether a member (none: a token) may see a folder, or set a visibility on one. */
export function memberMaySeeFolder(member: AppMember | undefined, visibility: Visibility): boolean {
  return !member || VISIBLE_BY_ROLE[member.role].includes(visibility);
}
