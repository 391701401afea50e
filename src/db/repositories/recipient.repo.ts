import { sql } from 'kysely';
import type { Db } from '../database.js';
import { encodeRecipient, type RecipientPatch } from './stored-json.js';

export async function updateRecipientRow(db: Db, id: number, patch: RecipientPatch): Promise<void> {
  await db.updateTable('recipient').set(encodeRecipient(patch)).where('id', '=', id).execute();
}

/** The recipient holding a signing token (by its hash), if its envelope still exists. */
export async function findRecipientByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('recipient')
    .innerJoin('envelope', 'envelope.id', 'recipient.envelopeId')
    .select(['recipient.id', 'recipient.envelopeId'])
    .where('recipient.tokenHash', '=', tokenHash)
    .where('envelope.deletedAt', 'is', null)
    .executeTakeFirst();
}

/** The live envelope of the platform that holds this recipient, if any. */
export async function envelopeOfRecipient(
  db: Db,
  platformId: number,
  recipientId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('recipient')
    .innerJoin('envelope', 'envelope.id', 'recipient.envelopeId')
    .select('envelope.id')
    .where('recipient.id', '=', recipientId)
    .where('envelope.platformId', '=', platformId)
    .where('envelope.deletedAt', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/** Removes a recipient of this envelope and, first, its fields. */
export async function deleteRecipientAndFields(db: Db, envelopeId: number, recipientId: number): Promise<void> {
  await db.deleteFrom('field').where('recipientId', '=', recipientId).where('envelopeId', '=', envelopeId).execute();
  await db.deleteFrom('recipient').where('id', '=', recipientId).where('envelopeId', '=', envelopeId).execute();
}

/**
 * The expiry sweep (a system task, every platform): live PENDING envelopes with a recipient whose
 * link lapsed by `now` and was not reported yet, with their platform so the caller's lock is scoped.
 */
export async function envelopesWithUnreportedExpiries(
  db: Db,
  now: string,
  limit: number,
): Promise<{ envelopeId: number; platformId: number }[]> {
  return db
    .selectFrom('recipient')
    .innerJoin('envelope', 'envelope.id', 'recipient.envelopeId')
    .select(['recipient.envelopeId', 'envelope.platformId'])
    .where('recipient.expiresAt', '<=', now)
    .where('recipient.expirationNotifiedAt', 'is', null)
    .where('recipient.signingStatus', '=', 'NOT_SIGNED')
    .where('envelope.status', '=', 'PENDING')
    .where('envelope.deletedAt', 'is', null)
    .groupBy(['recipient.envelopeId', 'envelope.platformId'])
    .limit(limit)
    .execute();
}

/** Which envelope and platform a recipient belongs to (for a job that must lock the envelope first). */
export async function findRecipientOwner(db: Db, recipientId: number) {
  return db
    .selectFrom('recipient')
    .innerJoin('envelope', 'envelope.id', 'recipient.envelopeId')
    .select(['recipient.envelopeId', 'envelope.platformId'])
    .where('recipient.id', '=', recipientId)
    .executeTakeFirst();
}

/** Whether the envelope has a recipient with this address (case-insensitive; migration 0071's index). */
export async function hasRecipientWithEmail(db: Db, envelopeId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('recipient')
    .select('id')
    .where('envelopeId', '=', envelopeId)
    .where(sql<string>`lower(${sql.ref('email')})`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
