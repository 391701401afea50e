import type { Db } from '../database.js';
import type { IdempotencyKeyTable } from '../schema.js';

/** Idempotency keys, always addressed by (platform, key): one platform's key never touches another's. */

export async function deleteExpiredKey(db: Db, platformId: number, key: string, now: string): Promise<void> {
  await db
    .deleteFrom('idempotencyKey')
    .where('platformId', '=', platformId)
    .where('key', '=', key)
    .where('expiresAt', '<=', now)
    .execute();
}

/** Claims the key for a new request; false when a row already holds it. */
export async function insertRunningKey(db: Db, row: IdempotencyKeyTable): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotencyKey')
    .values(row)
    .onConflict((oc) => oc.columns(['platformId', 'key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findKey(db: Db, platformId: number, key: string): Promise<IdempotencyKeyTable | undefined> {
  return db
    .selectFrom('idempotencyKey')
    .selectAll()
    .where('platformId', '=', platformId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Takes over a running key whose owner stopped renewing its lease (the same request, retried).
 * A conditional update: of several retries racing for it, one wins.
 */
export async function takeOverLapsedKey(
  db: Db,
  input: { platformId: number; key: string; requestHash: string; now: string; leaseUntil: string },
): Promise<boolean> {
  const result = await db
    .updateTable('idempotencyKey')
    .set({ leaseUntil: input.leaseUntil })
    .where('platformId', '=', input.platformId)
    .where('key', '=', input.key)
    .where('requestHash', '=', input.requestHash)
    .where('state', '=', 'running')
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', input.now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function renewKeyLease(db: Db, platformId: number, key: string, leaseUntil: string): Promise<void> {
  await db
    .updateTable('idempotencyKey')
    .set({ leaseUntil })
    .where('platformId', '=', platformId)
    .where('key', '=', key)
    .where('state', '=', 'running')
    .execute();
}

/** Frees a key whose request failed (5xx), so the client may retry it. */
export async function releaseKey(db: Db, platformId: number, key: string): Promise<void> {
  await db
    .deleteFrom('idempotencyKey')
    .where('platformId', '=', platformId)
    .where('key', '=', key)
    .where('state', '=', 'running')
    .execute();
}

/** Records the answer; given the creating transaction, it commits (or not) with the creation. */
export async function storeKeyAnswer(
  db: Db,
  platformId: number,
  key: string,
  answer: { status: number; body: string | null; contentType: string },
): Promise<void> {
  await db
    .updateTable('idempotencyKey')
    .set({ state: 'done', status: answer.status, body: answer.body, contentType: answer.contentType, leaseUntil: null })
    .where('platformId', '=', platformId)
    .where('key', '=', key)
    .execute();
}
