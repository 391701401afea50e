import { findPlatformBySlug } from '../../db/repositories/team-profile.repo.js';
import type { Ctx } from '../context.js';

/** Whether /p/{slug} shows a profile: the page answers 404 for an unknown or unpublished one. */
export async function isProfilePublished(ctx: Ctx, slug: string): Promise<boolean> {
  if (slug.length > 63) return false;
  const platform = await findPlatformBySlug(ctx.db, slug);
  return platform?.profileEnabled === 1;
}
