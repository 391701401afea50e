import { findPlatformBySlug, updateTeamProfile } from '../../db/repositories/team-profile.repo.js';
import { AppError } from '../../errors.js';
import { appendAccountAudit } from '../accounts/account-audit.js';
import type { AccountPrincipal } from '../accounts/session-view.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { adminCaller } from './admin-caller.js';
import { teamProfileView } from './team-profile-view.js';

export interface TeamProfileInput {
  enabled: boolean;
  slug: string;
  name: string;
  description: string;
}

/**
 * Sets the team's public profile (an administrator only), audited (TEAM_PROFILE_CHANGED) in the
 * same transaction. A slug another team has is ALREADY_EXISTS and nothing changes.
 * @throws NOT_FOUND, FORBIDDEN, ALREADY_EXISTS
 */
export async function updateTeamProfileSettings(
  ctx: Ctx,
  account: AccountPrincipal,
  platformId: number,
  input: TeamProfileInput,
  request: RequestMeta,
) {
  await adminCaller(ctx, account, platformId, request);
  return ctx.db.transaction().execute(async (trx) => {
    const holder = await findPlatformBySlug(trx, input.slug);
    if (holder && holder.id !== platformId)
      throw new AppError('ALREADY_EXISTS', 'Another team has this address: choose another', {
        issues: [{ path: ['slug'], message: 'slug: taken by another team' }],
      });
    const row = {
      profileEnabled: input.enabled ? 1 : 0,
      profileSlug: input.slug,
      profileName: input.name,
      profileDescription: input.description,
    };
    await updateTeamProfile(trx, platformId, row);
    await appendAccountAudit(trx, {
      type: 'TEAM_PROFILE_CHANGED',
      userId: account.userId,
      platformId,
      actorUserId: account.userId,
      email: account.email,
      request,
      data: { enabled: input.enabled, slug: input.slug },
      at: ctx.clock(),
    });
    return teamProfileView(ctx, row);
  });
}
