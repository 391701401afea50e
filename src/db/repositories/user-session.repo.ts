import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../database.js';
import type { UserSessionTable } from '../schema.js';

export type UserSessionRow = Selectable<UserSessionTable>;

export async function insertSession(db: Db, row: Insertable<UserSessionTable>): Promise<void> {
  await db.insertInto('userSession').values(row).execute();
}

/** The session a cookie's token hash names, with what a request needs of its user. */
export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('userSession')
    .innerJoin('userAccount', 'userAccount.id', 'userSession.userId')
    .select([
      'userSession.id',
      'userSession.userId',
      'userSession.createdAt',
      'userSession.lastSeenAt',
      'userSession.expiresAt',
      'userAccount.email',
      'userAccount.name',
    ])
    .where('userSession.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: string, lastSeenAt: string): Promise<void> {
  await db.updateTable('userSession').set({ lastSeenAt }).where('id', '=', id).execute();
}

export async function listUserSessions(db: Db, userId: string): Promise<UserSessionRow[]> {
  return db
    .selectFrom('userSession')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/** Removes one of the user's sessions; false when the user has none with that id. */
export async function deleteUserSession(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('userSession')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes every session of the user but `keepId` (null: all of them); the number removed. */
export async function deleteUserSessions(db: Db, userId: string, keepId: string | null): Promise<number> {
  let query = db.deleteFrom('userSession').where('userId', '=', userId);
  if (keepId) query = query.where('id', '!=', keepId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes the user's sessions past either limit: absolute (`expiresAt`), or idle since `idleCutoff`. */
export async function deleteLapsedSessions(db: Db, userId: string, now: string, idleCutoff: string): Promise<void> {
  await db
    .deleteFrom('userSession')
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('expiresAt', '<=', now), eb('lastSeenAt', '<=', idleCutoff)]))
    .execute();
}

/** One of the user's sessions; undefined when the user has none with that id. */
export async function findUserSession(db: Db, userId: string, id: string): Promise<UserSessionRow | undefined> {
  return db.selectFrom('userSession').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** Deletes at most `limit` sessions of anyone past either limit (the periodic sweep); the number deleted. */
export async function deleteLapsedSessionsBatch(db: Db, now: string, idleCutoff: string, limit: number) {
  const doomed = db
    .selectFrom('userSession')
    .select('id')
    .where((eb) => eb.or([eb('expiresAt', '<=', now), eb('lastSeenAt', '<=', idleCutoff)]))
    .limit(limit);
  const result = await db.deleteFrom('userSession').where('id', 'in', doomed).executeTakeFirst();
  return Number(result.numDeletedRows);
}
