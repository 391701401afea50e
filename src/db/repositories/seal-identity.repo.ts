import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../database.js';
import type { SealIdentityTable } from '../schema.js';

export type SealIdentityRow = Selectable<SealIdentityTable>;

/** The slot of the one identity whose key the installation keeps in the database. */
export const SELF_SIGNED_SLOT = 'self-signed';

/**
 * Inserts unless a row with the same fingerprint (or, for the slot's row, any row in the slot)
 * exists: concurrent inserts by several nodes leave one row, and none of them fails. True when
 * this call inserted it.
 */
export async function insertSealIdentityIfAbsent(db: Db, row: Insertable<SealIdentityTable>): Promise<boolean> {
  const [result] = await db
    .insertInto('sealIdentity')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
  return Number(result?.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findSlotSealIdentity(db: Db): Promise<SealIdentityRow | undefined> {
  return db.selectFrom('sealIdentity').selectAll().where('installationSlot', '=', SELF_SIGNED_SLOT).executeTakeFirst();
}

export async function findSealIdentityByFingerprint(
  db: Db,
  fingerprintSha256: string,
): Promise<SealIdentityRow | undefined> {
  return db
    .selectFrom('sealIdentity')
    .selectAll()
    .where('fingerprintSha256', '=', fingerprintSha256)
    .executeTakeFirst();
}

/** Every recorded identity, oldest first (a handful of rows: one per key ever used). */
export async function listSealIdentities(db: Db): Promise<SealIdentityRow[]> {
  return db.selectFrom('sealIdentity').selectAll().orderBy('id').execute();
}

/** Rewrites a row's certificate and MAC (a holder of the key vouching again for its own certificate). */
export async function restoreSealIdentity(
  db: Db,
  fingerprintSha256: string,
  patch: { certificate: string; mac: string },
): Promise<void> {
  await db.updateTable('sealIdentity').set(patch).where('fingerprintSha256', '=', fingerprintSha256).execute();
}
