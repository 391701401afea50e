import { sql } from 'kysely';
import type { Db } from '../database.js';

/**
 * Shared rate-limit counters (PostgreSQL): one row per key and window. Keys are hashes of a
 * token or an address, not tenant data, so nothing here is scoped by platform.
 */

/** Rows per statement, far below either database's bound-parameter limit. */
const BATCH_ROWS = 500;

/**
 * Adds each node-local count to its shared row (created when new) and returns the rows' totals.
 * Rows are written in key order so two nodes flushing the same keys never deadlock.
 */
export async function addRateLimitHits(
  db: Db,
  hits: { key: string; windowStart: number; count: number }[],
): Promise<{ key: string; windowStart: number; count: number }[]> {
  const sorted = [...hits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.windowStart - b.windowStart));
  const totals: { key: string; windowStart: number; count: number }[] = [];
  for (let i = 0; i < sorted.length; i += BATCH_ROWS) {
    const rows = await db
      .insertInto('rateLimitBucket')
      .values(sorted.slice(i, i + BATCH_ROWS))
      .onConflict((oc) =>
        oc
          .columns(['key', 'windowStart'])
          .doUpdateSet({ count: sql<number>`rate_limit_bucket.count + excluded.count` }),
      )
      .returning(['key', 'windowStart', 'count'])
      .execute();
    for (const r of rows) totals.push({ key: r.key, windowStart: Number(r.windowStart), count: Number(r.count) });
  }
  return totals;
}

/** The shared counts of these keys' windows (a node re-reading what the others counted). */
export async function readRateLimitCounts(
  db: Db,
  keys: { key: string; windowStart: number }[],
): Promise<{ key: string; windowStart: number; count: number }[]> {
  const totals: { key: string; windowStart: number; count: number }[] = [];
  const byWindow = new Map<number, string[]>();
  for (const { key, windowStart } of keys) byWindow.set(windowStart, [...(byWindow.get(windowStart) ?? []), key]);
  for (const [windowStart, all] of byWindow) {
    for (let i = 0; i < all.length; i += BATCH_ROWS) {
      const rows = await db
        .selectFrom('rateLimitBucket')
        .select(['key', 'windowStart', 'count'])
        .where('windowStart', '=', windowStart)
        .where('key', 'in', all.slice(i, i + BATCH_ROWS))
        .execute();
      for (const r of rows) totals.push({ key: r.key, windowStart: Number(r.windowStart), count: Number(r.count) });
    }
  }
  return totals;
}

/** Drops the windows that started before `before`. */
export async function purgeRateLimitBuckets(db: Db, before: number): Promise<void> {
  await db.deleteFrom('rateLimitBucket').where('windowStart', '<', before).execute();
}
