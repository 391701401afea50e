import type { Db } from '../database.js';

export interface TeamBrandRow {
  brandColor: string | null;
  brandLogoSha256: string | null;
}

/** The platform's brand (colour and logo); undefined for an unknown platform. */
export async function findTeamBrand(db: Db, platformId: number): Promise<TeamBrandRow | undefined> {
  return db
    .selectFrom('platform')
    .select(['brandColor', 'brandLogoSha256'])
    .where('id', '=', platformId)
    .executeTakeFirst();
}

/** Sets part of the platform's brand; a member left out stays as it is. */
export async function updateTeamBrand(db: Db, platformId: number, patch: Partial<TeamBrandRow>): Promise<void> {
  await db.updateTable('platform').set(patch).where('id', '=', platformId).execute();
}

/** Whether some platform's logo is this blob (index platform_brand_logo_sha256_idx): the public logo route asks. */
export async function isBrandLogo(db: Db, sha256: string): Promise<boolean> {
  const row = await db
    .selectFrom('platform')
    .select('id')
    .where('brandLogoSha256', '=', sha256)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
