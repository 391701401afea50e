import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../database.js';
import type { DigitalSignatureTable } from '../schema.js';

export type DigitalSignatureRow = Selectable<DigitalSignatureTable>;

export async function insertDigitalSignature(db: Db, row: Insertable<DigitalSignatureTable>): Promise<void> {
  await db.insertInto('digitalSignature').values(row).execute();
}

/** A recipient's earlier preparations are dropped when they prepare again. */
export async function deletePreparedSignatures(db: Db, envelopeId: number, recipientId: number): Promise<void> {
  await db
    .deleteFrom('digitalSignature')
    .where('envelopeId', '=', envelopeId)
    .where('recipientId', '=', recipientId)
    .where('status', '=', 'PREPARED')
    .execute();
}

export async function findPreparedSignatures(
  db: Db,
  envelopeId: number,
  recipientId: number,
  preparationId: string,
): Promise<DigitalSignatureRow[]> {
  return db
    .selectFrom('digitalSignature')
    .selectAll()
    .where('envelopeId', '=', envelopeId)
    .where('recipientId', '=', recipientId)
    .where('preparationId', '=', preparationId)
    .where('status', '=', 'PREPARED')
    .orderBy('id')
    .execute();
}

export async function updateDigitalSignature(
  db: Db,
  envelopeId: number,
  id: number,
  patch: Updateable<DigitalSignatureTable>,
): Promise<void> {
  await db
    .updateTable('digitalSignature')
    .set(patch)
    .where('envelopeId', '=', envelopeId)
    .where('id', '=', id)
    .execute();
}

/** Every signature embedded in an envelope's items, in signing order. */
export async function listSignedSignatures(db: Db, envelopeId: number): Promise<DigitalSignatureRow[]> {
  return db
    .selectFrom('digitalSignature')
    .selectAll()
    .where('envelopeId', '=', envelopeId)
    .where('status', '=', 'SIGNED')
    .orderBy('signedAt')
    .orderBy('id')
    .execute();
}
