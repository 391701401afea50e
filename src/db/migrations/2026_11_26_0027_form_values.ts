import type { Kysely } from 'kysely';

/**
 * `envelope_item.document_data_id` indexed: `/template/use`'s `customDocumentDataId` and
 * `customDocumentData[].documentDataId` name a stored PDF by it (scoped by platform through the
 * item's envelope).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('envelope_item_document_data_idx')
    .on('envelope_item')
    .column('document_data_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('envelope_item_document_data_idx').execute();
}
