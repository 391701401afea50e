import { sql } from 'kysely';
import { dialectOf, type Db } from '../database.js';
import type { EnvelopeType, Visibility } from '../schema.js';
import type { EnvelopeStatus } from '../../lib/vocabulary/envelope-status.js';

/** What `envelope_count` can answer: its key columns, each optional (all of them when absent). */
export interface CountKey {
  platformId: number;
  type?: EnvelopeType | undefined;
  status?: EnvelopeStatus | undefined;
  /** A folder's id; the root is not a filter the listings have. */
  folderId?: string | undefined;
  visibilities?: readonly Visibility[] | undefined;
}

/**
 * The live envelopes matching `key`, from migration 0078's counters (exact: the triggers change
 * them in the writing transaction), and how many counter rows were summed: on PostgreSQL the rows
 * are deltas, and a caller seeing many folds them with `compactEnvelopeCounts`.
 */
export async function countEnvelopesByKey(db: Db, key: CountKey): Promise<{ n: number; rows: number }> {
  let q = db.selectFrom('envelopeCount').where('platformId', '=', key.platformId);
  if (key.type) q = q.where('type', '=', key.type);
  if (key.status) q = q.where('status', '=', key.status);
  if (key.folderId !== undefined) q = q.where('folder', '=', key.folderId);
  if (key.visibilities) q = q.where('visibility', 'in', [...key.visibilities]);
  const found = await q
    .select((eb) => [
      sql<string | number | null>`sum(${sql.ref('n')})`.as('n'),
      eb.fn.countAll<string | number>().as('rows'),
    ])
    .executeTakeFirstOrThrow();
  return { n: Number(found.n ?? 0), rows: Number(found.rows) };
}

/**
 * PostgreSQL: folds the platform's counter deltas into one row per key, in one statement (the rows
 * it deletes are the rows it sums; deltas committed meanwhile are not in its snapshot and stay),
 * so the sum is the same before and after for every reader. A transaction-scoped advisory lock
 * keeps two folds of one platform apart (each would wait on the other's deleted rows); a fold
 * that finds it taken does nothing. Answers whether it folded. SQLite keeps one row per key.
 */
export async function compactEnvelopeCounts(db: Db, platformId: number): Promise<boolean> {
  if (dialectOf(db) !== 'postgres') return false;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(hashtext('firma:envelope_count'), ${platformId}) as locked`.execute(trx);
    if (!rows[0]?.locked) return false;
    await sql`with gone as (delete from envelope_count where platform_id = ${platformId} returning *)
      insert into envelope_count (platform_id, type, status, visibility, folder, n)
      select platform_id, type, status, visibility, folder, sum(n) from gone
      group by platform_id, type, status, visibility, folder having sum(n) <> 0`.execute(trx);
    return true;
  });
}

/**
 * Recounts the platform's counters from `envelope` (an operator's repair, and the bench after a
 * seed that bypassed the triggers with `session_replication_role = replica`). Writers wait for it
 * (PostgreSQL: a SHARE lock on `envelope`; SQLite: its one writer), so no change falls between
 * the delete and the recount.
 */
export async function recountEnvelopes(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') await sql`lock table envelope in share mode`.execute(trx);
    await sql`delete from envelope_count`.execute(trx);
    await sql`insert into envelope_count (platform_id, type, status, visibility, folder, n)
      select platform_id, type, status, visibility, coalesce(folder_id, ''), count(*) from envelope
      where deleted_at is null group by platform_id, type, status, visibility, coalesce(folder_id, '')`.execute(trx);
  });
}

/**
 * PostgreSQL: the platforms whose counters hold more than `rows` rows (deltas not folded yet), for
 * the worker's periodic fold. SQLite keeps one row per key: none.
 */
export async function platformsWithManyCountRows(db: Db, rows: number): Promise<number[]> {
  if (dialectOf(db) !== 'postgres') return [];
  const found = await db
    .selectFrom('envelopeCount')
    .select('platformId')
    .groupBy('platformId')
    .having((eb) => eb.fn.countAll(), '>', rows)
    .execute();
  return found.map((r) => r.platformId);
}
