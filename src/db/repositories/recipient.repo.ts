import type { Updateable } from 'kysely';
import type { Db } from '../database.js';
import type { RecipientTable } from '../schema.js';

export async function updateRecipientRow(db: Db, id: number, patch: Updateable<RecipientTable>): Promise<void> {
  await db.updateTable('recipient').set(patch).where('id', '=', id).execute();
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
