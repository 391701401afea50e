import type { Db } from '../database.js';
import type { ApiTokenTable } from '../schema.js';

export async function insertApiToken(db: Db, row: ApiTokenTable) {
  await db.insertInto('apiToken').values(row).execute();
}

/** The token row with its platform's name, or undefined. One index probe on the unique hash. */
export async function findApiTokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('apiToken')
    .innerJoin('platform', 'platform.id', 'apiToken.platformId')
    .select([
      'apiToken.id',
      'apiToken.platformId',
      'apiToken.tokenHash',
      'apiToken.environment',
      'apiToken.scope',
      'apiToken.expiresAt',
      'apiToken.revokedAt',
      'platform.name as platformName',
    ])
    .where('apiToken.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function listApiTokens(db: Db, platformId: number) {
  return db
    .selectFrom('apiToken')
    .select(['id', 'name', 'tokenHint', 'environment', 'scope', 'expiresAt', 'revokedAt', 'createdAt'])
    .where('platformId', '=', platformId)
    .orderBy('createdAt')
    .execute();
}

export async function revokeApiToken(db: Db, id: string, revokedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('apiToken')
    .set({ revokedAt })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findApiTokenById(db: Db, id: string) {
  return db.selectFrom('apiToken').select(['id', 'revokedAt']).where('id', '=', id).executeTakeFirst();
}
