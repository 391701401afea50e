import type { Db } from '../database.js';
import type { BulkSendRowStatus, BulkSendRowTable, BulkSendTable } from '../schema.js';

export type BulkSendRow = BulkSendTable;
export type BulkSendRowRow = BulkSendRowTable;

const CHUNK = 500;

export async function insertBulkSendRun(trx: Db, row: BulkSendTable): Promise<void> {
  await trx.insertInto('bulkSend').values(row).execute();
}

/** A run's rows, in statements of at most 500 rows (SQLite's bound-parameter limit). */
export async function insertBulkSendRows(trx: Db, rows: BulkSendRowTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('bulkSendRow')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

/** The run, scoped by platform: another platform's id is not found. */
export async function findBulkSend(db: Db, platformId: number, id: string): Promise<BulkSendRow | undefined> {
  return db
    .selectFrom('bulkSend')
    .selectAll()
    .where('platformId', '=', platformId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The run by id alone: for the worker, which has the id from its own job. */
export async function findBulkSendForWorker(db: Db, id: string): Promise<BulkSendRow | undefined> {
  return db.selectFrom('bulkSend').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function nextPendingRows(db: Db, bulkSendId: string, limit: number): Promise<BulkSendRowRow[]> {
  return db
    .selectFrom('bulkSendRow')
    .selectAll()
    .where('bulkSendId', '=', bulkSendId)
    .where('status', '=', 'PENDING')
    .orderBy('rowNumber')
    .limit(limit)
    .execute();
}

/**
 * Marks a pending row done with its document; 0 when it was no longer pending (another run took
 * it): the caller then rolls its document back. On PostgreSQL a concurrent run waits on the row's
 * lock and then sees it done.
 */
export async function markRowDone(
  trx: Db,
  key: { bulkSendId: string; rowNumber: number; platformId: number },
  envelopeId: number,
  now: string,
): Promise<number> {
  const result = await trx
    .updateTable('bulkSendRow')
    .set({ status: 'DONE', envelopeId, input: null, updatedAt: now })
    .where('bulkSendId', '=', key.bulkSendId)
    .where('rowNumber', '=', key.rowNumber)
    .where('platformId', '=', key.platformId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markRowFailed(
  db: Db,
  key: { bulkSendId: string; rowNumber: number; platformId: number },
  error: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('bulkSendRow')
    .set({ status: 'FAILED', error, input: null, updatedAt: now })
    .where('bulkSendId', '=', key.bulkSendId)
    .where('rowNumber', '=', key.rowNumber)
    .where('platformId', '=', key.platformId)
    .where('status', '=', 'PENDING')
    .execute();
}

export async function finishBulkSend(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('bulkSend')
    .set({ status: 'DONE', finishedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .execute();
}

export async function countRowsByStatus(
  db: Db,
  platformId: number,
  bulkSendId: string,
): Promise<Record<BulkSendRowStatus, number>> {
  const rows = await db
    .selectFrom('bulkSendRow')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('bulkSendId', '=', bulkSendId)
    .where('platformId', '=', platformId)
    .groupBy('status')
    .execute();
  const counts: Record<BulkSendRowStatus, number> = { PENDING: 0, DONE: 0, FAILED: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** The rows that ended: failed ones with their reason, done ones with their document. */
export async function finishedRows(
  db: Db,
  platformId: number,
  bulkSendId: string,
): Promise<Pick<BulkSendRowRow, 'rowNumber' | 'status' | 'error' | 'envelopeId'>[]> {
  return db
    .selectFrom('bulkSendRow')
    .select(['rowNumber', 'status', 'error', 'envelopeId'])
    .where('bulkSendId', '=', bulkSendId)
    .where('platformId', '=', platformId)
    .where('status', '!=', 'PENDING')
    .orderBy('rowNumber')
    .execute();
}
