import { updateTeamBrand } from '../../db/repositories/team-brand.repo.js';
import type { Ctx } from '../context.js';
import { checkLogo } from '../team-branding/check-logo.js';
import { teamBrandOf } from '../team-branding/team-brand.js';
import { auditTeamChange, type TeamAdmin } from './team-admin.js';
import { teamBrandingView, type TeamBrandingView } from './team-branding-view.js';

/**
 * Sets the team's logo from an uploaded PNG or JPEG (check-logo.ts says what is checked); the PNG
 * re-encoded from its pixels is stored as a content-addressed blob, then named by the platform and
 * audited (BRAND_LOGO_CHANGED) in one transaction. A refused file stores nothing; a blob stored by
 * a transaction that then failed is named by no row, and the blob collection removes it.
 * @throws LOGO_INVALID, LOGO_DIMENSIONS (400), LOGO_TOO_LARGE (413)
 */
export async function setTeamLogo(ctx: Ctx, admin: TeamAdmin, bytes: Buffer): Promise<TeamBrandingView> {
  const logo = await checkLogo(ctx, bytes);
  const stored = await ctx.storage.putBytes(logo.png);
  return ctx.db.transaction().execute(async (trx) => {
    await updateTeamBrand(trx, admin.platformId, { brandLogoSha256: stored.sha256 });
    await auditTeamChange(trx, ctx, admin, 'BRAND_LOGO_CHANGED', {
      sha256: stored.sha256,
      format: logo.format,
      width: logo.width,
      height: logo.height,
    });
    return teamBrandingView(await teamBrandOf({ db: trx }, admin.platformId));
  });
}
