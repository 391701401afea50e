import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../database.js';
import type { V1UploadTable } from '../schema.js';

export type V1UploadRow = Selectable<V1UploadTable>;

export async function insertV1Upload(db: Db, row: Insertable<V1UploadTable>): Promise<void> {
  await db.insertInto('v1Upload').values(row).execute();
}

/**
 * The upload behind a capability URL, by the SHA-256 of its token. The token is the credential
 * (there is no caller platform): the row names the platform and document it was issued for.
 */
export async function findV1UploadByTokenHash(db: Db, tokenHash: string): Promise<V1UploadRow | undefined> {
  return db.selectFrom('v1Upload').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Uses the capability once: false when it was already used (a concurrent upload won). */
export async function markV1UploadUsed(
  db: Db,
  platformId: number,
  tokenHash: string,
  usedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('v1Upload')
    .set({ usedAt })
    .where('tokenHash', '=', tokenHash)
    .where('platformId', '=', platformId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
