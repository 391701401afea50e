import type { TeamProfileRow } from '../../db/repositories/team-profile.repo.js';
import type { Ctx } from '../context.js';

/** A team's public profile settings as its administrators see them, with the page's address. */
export function teamProfileView(ctx: Ctx, row: TeamProfileRow) {
  return {
    enabled: row.profileEnabled === 1,
    slug: row.profileSlug,
    name: row.profileName,
    description: row.profileDescription,
    url: row.profileSlug ? `${ctx.config.publicUrl}/p/${row.profileSlug}` : null,
  };
}
