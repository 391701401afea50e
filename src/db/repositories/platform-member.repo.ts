import type { Insertable } from 'kysely';
import { dialectOf, type Db } from '../database.js';
import type { MemberRole, PlatformMemberTable } from '../schema.js';

/** Adds the membership unless the user is a member already: false then. */
export async function insertPlatformMember(db: Db, row: Insertable<PlatformMemberTable>): Promise<boolean> {
  const result = await db
    .insertInto('platformMember')
    .values(row)
    .onConflict((oc) => oc.columns(['platformId', 'userId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The user's role on the platform, with its name; undefined when not a member (or no such platform). */
export async function findMembership(db: Db, platformId: number, userId: string) {
  return db
    .selectFrom('platformMember')
    .innerJoin('platform', 'platform.id', 'platformMember.platformId')
    .select(['platformMember.platformId', 'platform.name as platformName', 'platformMember.role'])
    .where('platformMember.platformId', '=', platformId)
    .where('platformMember.userId', '=', userId)
    .executeTakeFirst();
}

/** The member of the platform with this address (compared lower-cased, as accounts store it); undefined when none. */
export async function findMemberByEmail(db: Db, platformId: number, email: string) {
  return db
    .selectFrom('platformMember')
    .innerJoin('userAccount', 'userAccount.id', 'platformMember.userId')
    .select(['userAccount.id as userId', 'userAccount.email', 'userAccount.name', 'platformMember.role'])
    .where('platformMember.platformId', '=', platformId)
    .where('userAccount.email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** Name and address of accounts by id, for the owners of a page of envelopes (one query). */
export async function findAccountNames(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db.selectFrom('userAccount').select(['id', 'email', 'name']).where('id', 'in', userIds).execute();
}

/** The platforms the user belongs to, by name. */
export async function listMemberships(db: Db, userId: string) {
  return db
    .selectFrom('platformMember')
    .innerJoin('platform', 'platform.id', 'platformMember.platformId')
    .select(['platform.id', 'platform.name', 'platformMember.role', 'platformMember.createdAt'])
    .where('platformMember.userId', '=', userId)
    .orderBy('platform.name')
    .execute();
}

/** The platform's members, oldest first. */
export async function listPlatformMembers(db: Db, platformId: number) {
  return db
    .selectFrom('platformMember')
    .innerJoin('userAccount', 'userAccount.id', 'platformMember.userId')
    .select([
      'userAccount.id as userId',
      'userAccount.email',
      'userAccount.name',
      'platformMember.role',
      'platformMember.createdAt',
    ])
    .where('platformMember.platformId', '=', platformId)
    .orderBy('platformMember.createdAt')
    .orderBy('userAccount.id')
    .execute();
}

/**
 * The platform's memberships as the caller's transaction sees them, locked on PostgreSQL until it
 * ends (SQLite's writer lock does the same): two requests demoting or removing the last two
 * admins at once are judged one after the other. The user's row among them, and the admins.
 */
export async function lockPlatformMembers(trx: Db, platformId: number) {
  let query = trx
    .selectFrom('platformMember')
    .select(['userId', 'role', 'createdAt'])
    .where('platformId', '=', platformId)
    .orderBy('userId');
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  return query.execute();
}

export async function updateMemberRole(trx: Db, platformId: number, userId: string, role: MemberRole): Promise<void> {
  await trx
    .updateTable('platformMember')
    .set({ role })
    .where('platformId', '=', platformId)
    .where('userId', '=', userId)
    .execute();
}

export async function deletePlatformMember(trx: Db, platformId: number, userId: string): Promise<void> {
  await trx.deleteFrom('platformMember').where('platformId', '=', platformId).where('userId', '=', userId).execute();
}

export type { MemberRole };
