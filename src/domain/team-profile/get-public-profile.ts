import { findPlatformBySlug, listPublicTemplates } from '../../db/repositories/team-profile.repo.js';
import { notFound } from '../../errors.js';
import type { Ctx } from '../context.js';
import { directLinkUrl } from '../model/direct-link.js';

/** The most templates one profile page lists. */
const MAX_TEMPLATES = 200;

/**
 * A team's published profile, for anyone: its name and description and its PUBLIC templates whose
 * direct link is on (their public title, or else their title, and public description), each with
 * its link. Nothing else — no member, no other template. An unknown slug and an unpublished
 * profile are the same NOT_FOUND.
 * @throws NOT_FOUND
 */
export async function getPublicProfile(ctx: Ctx, slug: string) {
  const platform = await findPlatformBySlug(ctx.db, slug);
  if (!platform || platform.profileEnabled !== 1) throw notFound('Profile');
  const templates = await listPublicTemplates(ctx.db, platform.id, MAX_TEMPLATES);
  return {
    name: platform.profileName,
    description: platform.profileDescription,
    templates: templates.map((t) => ({
      title: t.publicTitle || t.title,
      description: t.publicDescription,
      url: directLinkUrl(ctx, ctx.secrets.open(t.tokenSealed)),
    })),
  };
}
