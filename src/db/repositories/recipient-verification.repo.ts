import type { Insertable } from 'kysely';
import type { Db } from '../database.js';
import type { RecipientVerificationTable } from '../schema.js';

export type VerificationRow = RecipientVerificationTable;

/** One recipient's verification state (primary-key read). */
export async function findVerificationState(db: Db, recipientId: number): Promise<VerificationRow | undefined> {
  return db.selectFrom('recipientVerification').selectAll().where('recipientId', '=', recipientId).executeTakeFirst();
}

/** Replaces one recipient's state (insert, or overwrite every member of the existing row). */
export async function saveVerificationState(db: Db, row: Insertable<RecipientVerificationTable>): Promise<void> {
  const { recipientId: _key, ...rest } = row;
  await db
    .insertInto('recipientVerification')
    .values(row)
    .onConflict((oc) => oc.column('recipientId').doUpdateSet(rest))
    .execute();
}
