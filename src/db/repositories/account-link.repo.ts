import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../database.js';
import type { AccountLinkPurpose, AccountLinkTable } from '../schema.js';

export type AccountLinkRow = Selectable<AccountLinkTable>;

export async function insertAccountLink(db: Db, row: Insertable<AccountLinkTable>): Promise<void> {
  await db.insertInto('accountLink').values(row).execute();
}

/** A link by its token's hash, with the name of the platform it joins (if any). */
export async function findAccountLinkByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('accountLink')
    .leftJoin('platform', 'platform.id', 'accountLink.platformId')
    .selectAll('accountLink')
    .select('platform.name as platformName')
    .where('accountLink.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function findAccountLinkById(db: Db, id: string): Promise<AccountLinkRow | undefined> {
  return db.selectFrom('accountLink').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Uses a link once, in one statement: only a link not used yet and not expired at `now`. False
 * when another request used it first, or its time is up.
 */
export async function spendAccountLink(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('accountLink')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the user's unused links of one purpose (a new reset link retires the older ones). */
export async function retireUserLinks(db: Db, userId: string, purpose: AccountLinkPurpose, now: string): Promise<void> {
  await db
    .updateTable('accountLink')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
}

/** Ends a platform's unused invitations of one address (a new invitation replaces them). */
export async function retireInvitations(db: Db, platformId: number, email: string, now: string): Promise<void> {
  await db
    .updateTable('accountLink')
    .set({ usedAt: now })
    .where('platformId', '=', platformId)
    .where('email', '=', email)
    .where('purpose', '=', 'INVITATION')
    .where('usedAt', 'is', null)
    .execute();
}

/** Deletes at most `limit` one-time links that can no longer be used (used, or expired by `now`); the number deleted. */
export async function deleteDeadAccountLinks(db: Db, now: string, limit: number): Promise<number> {
  const doomed = db
    .selectFrom('accountLink')
    .select('id')
    .where((eb) => eb.or([eb('usedAt', 'is not', null), eb('expiresAt', '<=', now)]))
    .limit(limit);
  const result = await db.deleteFrom('accountLink').where('id', 'in', doomed).executeTakeFirst();
  return Number(result.numDeletedRows);
}
