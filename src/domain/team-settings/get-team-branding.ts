import type { Ctx } from '../context.js';
import { teamBrandOf } from '../team-branding/team-brand.js';
import type { TeamAdmin } from './team-admin.js';
import { teamBrandingView, type TeamBrandingView } from './team-branding-view.js';

/** The team's brand colour and logo, for its admins (teamAdmin has checked the role). */
export async function getTeamBranding(ctx: Ctx, admin: TeamAdmin): Promise<TeamBrandingView> {
  return teamBrandingView(await teamBrandOf(ctx, admin.platformId));
}
