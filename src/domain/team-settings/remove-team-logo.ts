import { updateTeamBrand } from '../../db/repositories/team-brand.repo.js';
import type { Ctx } from '../context.js';
import { teamBrandOf } from '../team-branding/team-brand.js';
import { auditTeamChange, type TeamAdmin } from './team-admin.js';
import { teamBrandingView, type TeamBrandingView } from './team-branding-view.js';

/**
 * Removes the team's logo, audited (BRAND_LOGO_REMOVED) in the same transaction; with no logo set
 * nothing changes and nothing is audited. The blob stays until the collection finds no row names it.
 */
export async function removeTeamLogo(ctx: Ctx, admin: TeamAdmin): Promise<TeamBrandingView> {
  return ctx.db.transaction().execute(async (trx) => {
    const brand = await teamBrandOf({ db: trx }, admin.platformId);
    if (brand.logoSha256 === null) return teamBrandingView(brand);
    await updateTeamBrand(trx, admin.platformId, { brandLogoSha256: null });
    await auditTeamChange(trx, ctx, admin, 'BRAND_LOGO_REMOVED', { sha256: brand.logoSha256 });
    return teamBrandingView({ ...brand, logoSha256: null });
  });
}
