import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../database.js';
import type { UserAccountTable } from '../schema.js';

export type UserAccountRow = Selectable<UserAccountTable>;

export async function findUserByEmail(db: Db, email: string): Promise<UserAccountRow | undefined> {
  return db.selectFrom('userAccount').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Which of these (normalised) addresses have an account: one query, however many. */
export async function findAccountEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('userAccount')
    .select('email')
    .where('email', 'in', [...new Set(emails)])
    .execute();
  return new Set(rows.map((r) => r.email));
}

export async function findUserById(db: Db, id: string): Promise<UserAccountRow | undefined> {
  return db.selectFrom('userAccount').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Adds the user unless an account has the address already (a race on any node included): false then. */
export async function insertUser(db: Db, row: Insertable<UserAccountTable>): Promise<boolean> {
  const result = await db
    .insertInto('userAccount')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function updateUser(db: Db, id: string, patch: Updateable<UserAccountTable>): Promise<void> {
  await db.updateTable('userAccount').set(patch).where('id', '=', id).execute();
}

/**
 * Records `step` as the last TOTP step accepted, only when it is after the one recorded, in one
 * statement: two sign-ins racing with the same code cannot both pass. False: already used.
 */
export async function acceptTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('userAccount')
    .set({ totpLastStep: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces the user's recovery codes with new ones (hashes). */
export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[], createdAt: string): Promise<void> {
  await db.deleteFrom('totpRecoveryCode').where('userId', '=', userId).execute();
  if (hashes.length > 0)
    await db
      .insertInto('totpRecoveryCode')
      .values(hashes.map((codeHash) => ({ codeHash, userId, usedAt: null, createdAt })))
      .execute();
}

/** Spends one unused recovery code of the user, in one statement; false when it is not one. */
export async function spendRecoveryCode(db: Db, userId: string, codeHash: string, usedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('totpRecoveryCode')
    .set({ usedAt })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('totpRecoveryCode')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
