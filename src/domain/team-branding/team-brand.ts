import { findTeamBrand, isBrandLogo } from '../../db/repositories/team-brand.repo.js';
import { BlobNotFoundError } from '../../infra/storage/blob-store.js';
import type { Ctx } from '../context.js';

/** A team's brand as its signing pages and mails use it; both null: Firma's own look. */
export interface TeamBrand {
  color: string | null;
  logoSha256: string | null;
}

const STORED_COLOR = /^#[0-9a-f]{6}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * The brand of a platform, read when a page or a mail is made. A stored value of the wrong shape
 * (written by SQL) counts as none, so it never reaches a stylesheet or a URL.
 */
export async function teamBrandOf(ctx: Pick<Ctx, 'db'>, platformId: number): Promise<TeamBrand> {
  const row = await findTeamBrand(ctx.db, platformId);
  return {
    color: row?.brandColor && STORED_COLOR.test(row.brandColor) ? row.brandColor : null,
    logoSha256: row?.brandLogoSha256 && SHA256.test(row.brandLogoSha256) ? row.brandLogoSha256 : null,
  };
}

/**
 * The public addresses of a brand's files. Both are named by their content, so each may be cached
 * for good: the stylesheet by the colour itself (it holds nothing else), the logo by its SHA-256.
 */
export const brandStylesheetPath = (color: string) => `/sign-assets/brand/${color.slice(1)}.css`;
export const brandLogoPath = (sha256: string) => `/sign-assets/brand/${sha256}.png`;

/**
 * The stylesheet of a colour: one custom property that signing.css takes for its buttons and
 * links. It sets `--team-brand`, not `--brand`, so an embedding app's `cssVars.primary` or `css`
 * (which set `--brand`) still win on /embed/* pages.
 */
export function brandStylesheet(color: string): string {
  return `:root { --team-brand: ${color}; }\n`;
}

/**
 * The logo's PNG when `sha256` is some team's current logo, else null: the public route serves
 * only logos, never another blob a visitor learnt or guessed the hash of.
 */
export async function readBrandLogo(ctx: Pick<Ctx, 'db' | 'storage'>, sha256: string): Promise<Buffer | null> {
  if (!SHA256.test(sha256) || !(await isBrandLogo(ctx.db, sha256))) return null;
  return readLogoBlob(ctx, sha256);
}

/**
 * A logo's bytes, or null when its blob is gone from the store (lost or removed by hand): the
 * page then shows no logo and the mails go without one, rather than a 500 or mail jobs that fail
 * for good. Any other storage failure (unreachable) still throws, to be retried.
 */
export async function readLogoBlob(ctx: Pick<Ctx, 'storage'>, sha256: string): Promise<Buffer | null> {
  try {
    return await ctx.storage.getBytes(sha256);
  } catch (error) {
    if (error instanceof BlobNotFoundError) return null;
    throw error;
  }
}
