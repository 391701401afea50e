import type { Insertable, Selectable, Updateable } from 'kysely';
import { dialectOf, type Db } from '../database.js';
import type { SenderIdentityTable } from '../schema.js';

export type SenderIdentityRow = Selectable<SenderIdentityTable>;

/** A platform's sender by id; another platform's is undefined, like an unknown one. */
export async function findSenderIdentity(
  db: Db,
  platformId: number,
  id: string,
  options: { lock?: boolean } = {},
): Promise<SenderIdentityRow | undefined> {
  let query = db.selectFrom('senderIdentity').selectAll().where('platformId', '=', platformId).where('id', '=', id);
  if (options.lock && dialectOf(db) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A sender by id on any platform: for its code mail, which runs as a system job. */
export async function findSenderIdentityForMail(db: Db, id: string): Promise<SenderIdentityRow | undefined> {
  return db.selectFrom('senderIdentity').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSenderIdentityByEmail(
  db: Db,
  platformId: number,
  email: string,
): Promise<SenderIdentityRow | undefined> {
  return db
    .selectFrom('senderIdentity')
    .selectAll()
    .where('platformId', '=', platformId)
    .where('email', '=', email)
    .executeTakeFirst();
}

/** A verified sender of the platform: what a document's `meta.emailId` may name. */
export async function findVerifiedSenderIdentity(
  db: Db,
  platformId: number,
  id: string,
): Promise<Pick<SenderIdentityRow, 'id' | 'email' | 'name'> | undefined> {
  return db
    .selectFrom('senderIdentity')
    .select(['id', 'email', 'name'])
    .where('platformId', '=', platformId)
    .where('id', '=', id)
    .where('verifiedAt', 'is not', null)
    .executeTakeFirst();
}

export async function listSenderIdentities(db: Db, platformId: number): Promise<SenderIdentityRow[]> {
  return db
    .selectFrom('senderIdentity')
    .selectAll()
    .where('platformId', '=', platformId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export async function insertSenderIdentity(db: Db, row: Insertable<SenderIdentityTable>): Promise<void> {
  await db.insertInto('senderIdentity').values(row).execute();
}

export async function updateSenderIdentity(db: Db, id: string, patch: Updateable<SenderIdentityTable>): Promise<void> {
  await db.updateTable('senderIdentity').set(patch).where('id', '=', id).execute();
}

/**
 * Spends one try on the current code before it is compared, in one statement, so concurrent
 * guesses on any node cannot exceed `maxTries`. False: no live code, or out of tries.
 */
export async function spendSenderCodeTry(db: Db, id: string, maxTries: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('senderIdentity')
    .set((eb) => ({ codeTries: eb('codeTries', '+', 1) }))
    .where('id', '=', id)
    .where('codeHash', 'is not', null)
    .where('codeTries', '<', maxTries)
    .where('codeExpiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** True when a row was removed (false: unknown, or another platform's). */
export async function deleteSenderIdentity(db: Db, platformId: number, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('senderIdentity')
    .where('platformId', '=', platformId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The platform's row, locked on PostgreSQL until the transaction ends, so senders of one platform
 * are added one at a time on every node (SQLite's writer lock does the same).
 */
export async function lockPlatformForSenders(trx: Db, platformId: number): Promise<void> {
  let query = trx.selectFrom('platform').select('id').where('id', '=', platformId);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  await query.executeTakeFirst();
}
