import type { Db } from '../database.js';

export interface TeamProfileRow {
  profileEnabled: number;
  profileSlug: string | null;
  profileName: string;
  profileDescription: string;
}

/** The platform's public profile settings; undefined for an unknown platform. */
export async function findTeamProfile(db: Db, platformId: number): Promise<TeamProfileRow | undefined> {
  return db
    .selectFrom('platform')
    .select(['profileEnabled', 'profileSlug', 'profileName', 'profileDescription'])
    .where('id', '=', platformId)
    .executeTakeFirst();
}

export async function updateTeamProfile(db: Db, platformId: number, row: TeamProfileRow): Promise<void> {
  await db.updateTable('platform').set(row).where('id', '=', platformId).execute();
}

/** The platform whose profile has this slug (unique index platform_profile_slug_idx), published or not. */
export async function findPlatformBySlug(db: Db, slug: string) {
  return db
    .selectFrom('platform')
    .select(['id', 'profileEnabled', 'profileName', 'profileDescription'])
    .where('profileSlug', '=', slug)
    .executeTakeFirst();
}

/**
 * The platform's PUBLIC templates whose direct link is on, newest first, with what the public page
 * shows of them and the link's sealed token: nothing else of the template is read.
 */
export async function listPublicTemplates(db: Db, platformId: number, limit: number) {
  return db
    .selectFrom('envelope')
    .innerJoin('templateDirectLink', 'templateDirectLink.envelopeId', 'envelope.id')
    .select(['envelope.title', 'envelope.publicTitle', 'envelope.publicDescription', 'templateDirectLink.tokenSealed'])
    .where('envelope.platformId', '=', platformId)
    .where('envelope.templateType', '=', 'PUBLIC')
    .where('envelope.type', '=', 'TEMPLATE')
    .where('envelope.deletedAt', 'is', null)
    .where('templateDirectLink.platformId', '=', platformId)
    .where('templateDirectLink.enabled', '=', 1)
    .orderBy('envelope.id', 'desc')
    .limit(limit)
    .execute();
}
