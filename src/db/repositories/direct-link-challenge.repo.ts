import { decodeStoredMeta } from '../../lib/stored/envelope-meta.js';
import type { Insertable, Selectable } from 'kysely';
import { dialectOf, type Db } from '../database.js';
import type { DirectLinkChallengeTable } from '../schema.js';

export type DirectLinkChallengeRow = Selectable<DirectLinkChallengeTable>;

/**
 * The link's row, locked on PostgreSQL until the transaction ends, so codes for one link are
 * counted and issued one at a time on every node (SQLite's writer lock does the same).
 */
export async function lockDirectLinkRow(trx: Db, linkId: string): Promise<boolean> {
  let query = trx.selectFrom('templateDirectLink').select('id').where('id', '=', linkId);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}

/** Codes issued through a link since `since`, with the oldest's time (when the count next drops). */
export async function countLinkChallengesSince(
  db: Db,
  linkId: string,
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('directLinkChallenge')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('createdAt').as('oldest')])
    .where('linkId', '=', linkId)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ?? null };
}

/** Codes mailed to an address since `since`, through any link, with the oldest's time. */
export async function countEmailChallengesSince(
  db: Db,
  email: string,
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('directLinkChallenge')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('createdAt').as('oldest')])
    .where('email', '=', email)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ?? null };
}

export async function insertDirectLinkChallenge(db: Db, row: Insertable<DirectLinkChallengeTable>): Promise<void> {
  await db.insertInto('directLinkChallenge').values(row).execute();
}

/** The latest code mailed to an address through a link (earlier ones are replaced by it). */
export async function findLatestChallenge(
  db: Db,
  linkId: string,
  email: string,
): Promise<DirectLinkChallengeRow | undefined> {
  return db
    .selectFrom('directLinkChallenge')
    .selectAll()
    .where('linkId', '=', linkId)
    .where('email', '=', email)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Spends one try on a code before it is compared, in one statement, so concurrent guesses on any
 * node cannot exceed `maxTries`. False: the code is used, expired or out of tries.
 */
export async function spendChallengeTry(db: Db, id: string, maxTries: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('directLinkChallenge')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('tries', '<', maxTries)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the code used, once: false when another request used it first. */
export async function useChallenge(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('directLinkChallenge')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A link's rows older than `before` count toward no limit and hold no usable code. */
export async function purgeLinkChallenges(db: Db, linkId: string, before: string): Promise<void> {
  await db.deleteFrom('directLinkChallenge').where('linkId', '=', linkId).where('createdAt', '<', before).execute();
}

/** What a code mail shows: the link's template title and language, while the link is live. */
export async function findDirectLinkForMail(db: Db, linkId: string) {
  const row = await db
    .selectFrom('templateDirectLink as l')
    .innerJoin('envelope as e', 'e.id', 'l.envelopeId')
    .select(['e.title', 'e.meta', 'e.platformId', 'l.enabled'])
    .where('l.id', '=', linkId)
    .where('e.deletedAt', 'is', null)
    .executeTakeFirst();
  return row && { ...row, meta: decodeStoredMeta(row.meta) };
}
