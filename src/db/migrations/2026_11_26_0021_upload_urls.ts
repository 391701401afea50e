import type { Kysely } from 'kysely';

/**
 * v1's upload capabilities become the one upload-URL table that v1 and v2 (`document/create/beta`)
 * share, and remember the fields the creation asked for: they are placed when the PDF arrives,
 * since only the PDF tells how many pages there are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('v1_upload').renameTo('upload_url').execute();
  await db.schema.alterTable('upload_url').addColumn('pending_fields', 'text').execute();
  await db.schema.dropIndex('v1_upload_envelope_idx').execute();
  await db.schema.createIndex('upload_url_envelope_idx').on('upload_url').column('envelope_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('upload_url_envelope_idx').execute();
  await db.schema.alterTable('upload_url').dropColumn('pending_fields').execute();
  await db.schema.alterTable('upload_url').renameTo('v1_upload').execute();
  await db.schema.createIndex('v1_upload_envelope_idx').on('v1_upload').column('envelope_id').execute();
}
