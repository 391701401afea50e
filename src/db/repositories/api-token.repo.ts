import type { Insertable } from 'kysely';
import type { Db } from '../database.js';
import { pointRead } from '../point-read.js';
import type { ApiTokenTable, Environment, TokenScope } from '../schema.js';

export async function insertApiToken(db: Db, row: Insertable<ApiTokenTable>) {
  await db.insertInto('apiToken').values(row).execute();
}

export interface ApiTokenAuthRow {
  id: string;
  platformId: number;
  tokenHash: string;
  environment: Environment;
  scope: TokenScope;
  expiresAt: string | null;
  revokedAt: string | null;
  platformName: string;
}

/**
 * The token row with its platform's name, by hash: one probe of the unique index. Read on every
 * API request, hence a prepared point read rather than a built query.
 */
export function findApiTokenByHashReader(db: Db) {
  return pointRead<ApiTokenAuthRow>(
    db,
    'select t.id as "id", t.platform_id as "platformId", t.token_hash as "tokenHash", t.environment as "environment", t.scope as "scope", ' +
      't.expires_at as "expiresAt", t.revoked_at as "revokedAt", p.name as "platformName" ' +
      'from api_token t join platform p on p.id = t.platform_id where t.token_hash = ?',
  );
}

/** The same row by the token's id: how a presign token names the API token that issued it. */
export function findApiTokenByIdReader(db: Db) {
  return pointRead<ApiTokenAuthRow>(
    db,
    'select t.id as "id", t.platform_id as "platformId", t.token_hash as "tokenHash", t.environment as "environment", t.scope as "scope", ' +
      't.expires_at as "expiresAt", t.revoked_at as "revokedAt", p.name as "platformName" ' +
      'from api_token t join platform p on p.id = t.platform_id where t.id = ?',
  );
}

export async function listApiTokens(db: Db, platformId: number) {
  return db
    .selectFrom('apiToken')
    .select(['id', 'name', 'tokenHint', 'environment', 'scope', 'expiresAt', 'revokedAt', 'createdAt', 'lastUsedAt'])
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

/** A token of one platform by id (another platform's is undefined, like an unknown one). */
export async function findPlatformApiToken(db: Db, platformId: number, id: string) {
  return db
    .selectFrom('apiToken')
    .select(['id', 'name', 'tokenHint', 'environment', 'scope', 'expiresAt', 'revokedAt', 'createdAt', 'lastUsedAt'])
    .where('platformId', '=', platformId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Records a use of the token unless one at or after `recordedSince` is already recorded: one
 * statement by primary key that writes nothing when another process recorded it meanwhile.
 */
export async function recordApiTokenUse(db: Db, id: string, at: string, recordedSince: string): Promise<boolean> {
  const result = await db
    .updateTable('apiToken')
    .set({ lastUsedAt: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<', recordedSince)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
