import type { Db } from '../database.js';
import { encodeField, type FieldPatch } from './stored-json.js';

export async function updateFieldRow(db: Db, id: number, patch: FieldPatch): Promise<void> {
  await db.updateTable('field').set(encodeField(patch)).where('id', '=', id).execute();
}

/** The live envelope of the platform that holds this field, if any. */
export async function envelopeOfField(db: Db, platformId: number, fieldId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('field')
    .innerJoin('envelope', 'envelope.id', 'field.envelopeId')
    .select('envelope.id')
    .where('field.id', '=', fieldId)
    .where('envelope.platformId', '=', platformId)
    .where('envelope.deletedAt', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/** An edit by the sender: the field must be on this envelope (resolved through the caller's platform). */
export async function updateFieldOfEnvelope(db: Db, envelopeId: number, id: number, patch: FieldPatch): Promise<void> {
  await db
    .updateTable('field')
    .set(encodeField(patch))
    .where('id', '=', id)
    .where('envelopeId', '=', envelopeId)
    .execute();
}

export async function deleteFieldOfEnvelope(db: Db, envelopeId: number, id: number): Promise<void> {
  await db.deleteFrom('field').where('id', '=', id).where('envelopeId', '=', envelopeId).execute();
}
