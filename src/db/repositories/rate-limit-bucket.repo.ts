import { sql } from 'kysely';
import type { Db } from '../database.js';

/**
 * Shared rate-limit counters (PostgreSQL): one row per key and window. Keys are hashes of a
 * token or an address, not tenant data, so nothing here is scoped by platform.
 */

/** Counts one request in the window (one upsert) and returns the window's count, this one included. */
export async function countRateLimitHit(db: Db, key: string, windowStart: number): Promise<number> {
  const row = await db
    .insertInto('rateLimitBucket')
    .values({ key, windowStart, count: 1 })
    .onConflict((oc) =>
      oc.columns(['key', 'windowStart']).doUpdateSet({ count: sql<number>`rate_limit_bucket.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Drops the windows that started before `before`. */
export async function purgeRateLimitBuckets(db: Db, before: number): Promise<void> {
  await db.deleteFrom('rateLimitBucket').where('windowStart', '<', before).execute();
}
