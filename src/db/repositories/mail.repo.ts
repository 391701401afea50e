import type { Db } from '../database.js';
import { decodeStoredMeta } from '../../lib/stored/envelope-meta.js';
import { decodeEnvelopeRow, decodeRecipientRow, type EnvelopeRow, type RecipientRow } from './stored-json.js';

/**
 * Reads of the mail jobs. They run in the worker from a job's payload, whose ids were resolved
 * through the caller's platform by the transaction that queued the job: no tenant chooses them,
 * so they are read by id.
 */

export async function findRecipientForMail(db: Db, recipientId: number): Promise<RecipientRow | undefined> {
  const row = await db.selectFrom('recipient').selectAll().where('id', '=', recipientId).executeTakeFirst();
  return row && decodeRecipientRow(row);
}

export async function findEnvelopeForMail(db: Db, envelopeId: number): Promise<EnvelopeRow | undefined> {
  const row = await db.selectFrom('envelope').selectAll().where('id', '=', envelopeId).executeTakeFirst();
  return row && decodeEnvelopeRow(row);
}

/** The envelope's items in order, with the hash of their sealed PDF once completed. */
export async function listFinalItems(db: Db, envelopeId: number) {
  return db
    .selectFrom('envelopeItem')
    .select(['title', 'finalSha256'])
    .where('envelopeId', '=', envelopeId)
    .orderBy('order')
    .execute();
}

/** The reason given by the recipient who rejected the envelope, if any. */
export async function findRejectionReason(db: Db, envelopeId: number): Promise<string | null> {
  const row = await db
    .selectFrom('recipient')
    .select('rejectionReason')
    .where('envelopeId', '=', envelopeId)
    .where('signingStatus', '=', 'REJECTED')
    .executeTakeFirst();
  return row?.rejectionReason ?? null;
}

/** What an owner notice shows of its envelope, and whose it is. */
export async function findEnvelopeForOwnerNotice(db: Db, envelopeId: number) {
  const row = await db
    .selectFrom('envelope')
    .select(['title', 'meta', 'platformId'])
    .where('id', '=', envelopeId)
    .executeTakeFirst();
  return row && { ...row, meta: decodeStoredMeta(row.meta) };
}
