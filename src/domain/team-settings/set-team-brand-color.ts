import { updateTeamBrand } from '../../db/repositories/team-brand.repo.js';
import { AppError } from '../../errors.js';
import {
  contrastWithWhite,
  isReadableBrandColor,
  MIN_BRAND_CONTRAST,
  normaliseBrandColor,
} from '../../lib/brand-color.js';
import type { Ctx } from '../context.js';
import { teamBrandOf } from '../team-branding/team-brand.js';
import { auditTeamChange, type TeamAdmin } from './team-admin.js';
import { teamBrandingView, type TeamBrandingView } from './team-branding-view.js';

/**
 * Sets the team's brand colour (null: back to Firma's), audited (BRAND_COLOR_CHANGED) in the same
 * transaction. The pages put white text on it and use it for links on white, so a colour under
 * 4.5:1 against white is refused and nothing changes.
 * @throws VALIDATION_ERROR, BRAND_COLOR_LOW_CONTRAST (400)
 */
export async function setTeamBrandColor(ctx: Ctx, admin: TeamAdmin, input: string | null): Promise<TeamBrandingView> {
  const color = input === null ? null : normaliseBrandColor(input);
  if (input !== null && color === null)
    throw new AppError('VALIDATION_ERROR', 'The colour must be written #RRGGBB', {
      issues: [{ message: 'color: not #RRGGBB', path: ['color'] }],
    });
  if (color !== null && !isReadableBrandColor(color)) {
    const ratio = Math.floor(contrastWithWhite(color) * 100) / 100;
    throw new AppError(
      'BRAND_COLOR_LOW_CONTRAST',
      `White text on ${color} has a contrast of ${ratio}:1; buttons and links need at least ${MIN_BRAND_CONTRAST}:1 (choose a darker colour)`,
      {
        issues: [{ message: `color: contrast ${ratio}:1 with white, under ${MIN_BRAND_CONTRAST}:1`, path: ['color'] }],
      },
    );
  }
  return ctx.db.transaction().execute(async (trx) => {
    await updateTeamBrand(trx, admin.platformId, { brandColor: color });
    await auditTeamChange(trx, ctx, admin, 'BRAND_COLOR_CHANGED', { color });
    return teamBrandingView(await teamBrandOf({ db: trx }, admin.platformId));
  });
}
