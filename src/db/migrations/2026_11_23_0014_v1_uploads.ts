import type { Kysely } from 'kysely';
import { notNull } from './helpers.js';

/** The legacy v1 flow's upload capabilities: single-use, short-lived, bound to one document. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('v1_upload')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('envelope_id', 'integer', (c) => c.notNull().references('envelope.id').onDelete('cascade'))
    .addColumn('platform_id', 'integer', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('v1_upload_envelope_idx').on('v1_upload').column('envelope_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('v1_upload').execute();
}
