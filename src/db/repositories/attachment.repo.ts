import type { Db } from '../database.js';
import type { AttachmentRow } from './envelope.repo.js';

/**
 * Attachment statements. The envelope id they take was resolved through the caller's platform (or
 * a signing token of that envelope), and writes by attachment id name it too, so an id of another
 * envelope changes nothing.
 */

/** An envelope's attachments, oldest first. */
export async function listAttachmentsOfEnvelope(db: Db, envelopeId: number): Promise<AttachmentRow[]> {
  return db
    .selectFrom('attachment')
    .selectAll()
    .where('envelopeId', '=', envelopeId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** The live envelope of the platform that holds this attachment, if any. */
export async function envelopeOfAttachment(
  db: Db,
  platformId: number,
  attachmentId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('attachment')
    .innerJoin('envelope', 'envelope.id', 'attachment.envelopeId')
    .select('envelope.id')
    .where('attachment.id', '=', attachmentId)
    .where('envelope.platformId', '=', platformId)
    .where('envelope.deletedAt', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

export async function updateAttachmentOfEnvelope(
  db: Db,
  envelopeId: number,
  attachmentId: string,
  patch: Pick<AttachmentRow, 'label' | 'data'>,
): Promise<void> {
  await db
    .updateTable('attachment')
    .set(patch)
    .where('id', '=', attachmentId)
    .where('envelopeId', '=', envelopeId)
    .execute();
}

export async function deleteAttachmentOfEnvelope(db: Db, envelopeId: number, attachmentId: string): Promise<void> {
  await db.deleteFrom('attachment').where('id', '=', attachmentId).where('envelopeId', '=', envelopeId).execute();
}
