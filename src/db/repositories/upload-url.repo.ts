import type { Selectable } from 'kysely';
import type { StoredPendingField } from '../../lib/stored/pending-field.js';
import { decodeJsonColumn } from './stored-json.js';
import type { Db } from '../database.js';
import type { UploadUrlTable } from '../schema.js';

export type UploadUrlRow = Omit<Selectable<UploadUrlTable>, 'pendingFields'> & { pendingFields: StoredPendingField[] };

export async function insertUploadUrl(db: Db, row: UploadUrlRow): Promise<void> {
  const { pendingFields, ...rest } = row;
  await db
    .insertInto('uploadUrl')
    .values({ ...rest, pendingFields: pendingFields.length > 0 ? JSON.stringify(pendingFields) : null })
    .execute();
}

/**
 * The upload behind a capability URL, by the SHA-256 of its token. The token is the credential
 * (there is no caller platform): the row names the platform and document it was issued for.
 */
export async function findUploadUrlByTokenHash(db: Db, tokenHash: string): Promise<UploadUrlRow | undefined> {
  const row = await db.selectFrom('uploadUrl').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  return row && { ...row, pendingFields: decodeJsonColumn<StoredPendingField[]>(row.pendingFields) ?? [] };
}

/** Uses the capability once: false when it was already used (a concurrent upload won). */
export async function markUploadUrlUsed(
  db: Db,
  platformId: number,
  tokenHash: string,
  usedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('uploadUrl')
    .set({ usedAt })
    .where('tokenHash', '=', tokenHash)
    .where('platformId', '=', platformId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
