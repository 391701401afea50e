import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../database.js';
import type { PasskeyChallengePurpose, PasskeyChallengeTable, PasskeyTable } from '../schema.js';

export type PasskeyRow = Selectable<PasskeyTable>;

export async function insertPasskey(db: Db, row: Insertable<PasskeyTable>): Promise<void> {
  await db.insertInto('passkey').values(row).execute();
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkey').selectAll().where('credentialId', '=', credentialId).executeTakeFirst();
}

/** One of the user's passkeys; undefined when the user has none with that id (another user's included). */
export async function findUserPasskey(db: Db, userId: string, id: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkey').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function listUserPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.selectFrom('passkey').selectAll().where('userId', '=', userId).orderBy('createdAt').orderBy('id').execute();
}

export async function renameUserPasskey(db: Db, userId: string, id: string, name: string): Promise<boolean> {
  const result = await db
    .updateTable('passkey')
    .set({ name })
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteUserPasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('passkey').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Moves the signature counter forward and stamps the use, only while the counter is still the one
 * the verification checked against (`seen`): of two sign-ins racing with the same assertion, one
 * wins. False: the counter moved meanwhile.
 */
export async function recordPasskeyUse(db: Db, id: string, seen: number, counter: number, usedAt: string) {
  const result = await db
    .updateTable('passkey')
    .set({ counter, lastUsedAt: usedAt })
    .where('id', '=', id)
    .where('counter', '=', seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPasskeyChallenge(db: Db, row: Insertable<PasskeyChallengeTable>): Promise<void> {
  await db.insertInto('passkeyChallenge').values(row).execute();
}

/**
 * Spends a challenge: deletes the live one with this hash and purpose (for this user, when one is
 * named) and answers it; undefined when there is none (unknown, spent, expired, another purpose or
 * user). One statement, so two verifications of the same challenge cannot both have it.
 */
export async function takePasskeyChallenge(
  db: Db,
  input: { challengeHash: string; purpose: PasskeyChallengePurpose; userId: string | null; now: string },
) {
  let query = db
    .deleteFrom('passkeyChallenge')
    .where('challengeHash', '=', input.challengeHash)
    .where('purpose', '=', input.purpose)
    .where('expiresAt', '>', input.now);
  if (input.userId !== null) query = query.where('userId', '=', input.userId);
  return query.returningAll().executeTakeFirst();
}

/** Deletes at most `limit` challenges dead by `now`; the number deleted. */
export async function deleteExpiredPasskeyChallenges(db: Db, now: string, limit: number): Promise<number> {
  const doomed = db.selectFrom('passkeyChallenge').select('challengeHash').where('expiresAt', '<=', now).limit(limit);
  const result = await db.deleteFrom('passkeyChallenge').where('challengeHash', 'in', doomed).executeTakeFirst();
  return Number(result.numDeletedRows);
}
