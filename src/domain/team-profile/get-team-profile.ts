import { findTeamProfile } from '../../db/repositories/team-profile.repo.js';
import { notFound } from '../../errors.js';
import type { AccountPrincipal } from '../accounts/session-view.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { adminCaller } from './admin-caller.js';
import { teamProfileView } from './team-profile-view.js';

/**
 * The team's public profile settings, for its administrators.
 * @throws NOT_FOUND, FORBIDDEN
 */
export async function getTeamProfile(ctx: Ctx, account: AccountPrincipal, platformId: number, request: RequestMeta) {
  await adminCaller(ctx, account, platformId, request);
  const row = await findTeamProfile(ctx.db, platformId);
  if (!row) throw notFound('Platform');
  return teamProfileView(ctx, row);
}
