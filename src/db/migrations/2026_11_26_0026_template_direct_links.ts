import type { Kysely } from 'kysely';
import { notNull } from './helpers.js';

/**
 * A template's direct link: a public capability (`/d/{token}`) through which a visitor becomes one
 * of the template's recipients and a document is made for them. One link per template (Documenso's
 * rule), its token stored as a SHA-256 for lookup and sealed to be answered again, like signing
 * tokens. `enabled` is a 0/1 integer. Deleting the template envelope row removes its link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('template_direct_link')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', notNull)
    .addColumn('envelope_id', 'integer', (c) => c.notNull().references('envelope.id').onDelete('cascade'))
    .addColumn('direct_recipient_id', 'integer', notNull)
    .addColumn('token_hash', 'text', notNull)
    .addColumn('token_sealed', 'text', notNull)
    .addColumn('enabled', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('template_direct_link_envelope_idx')
    .on('template_direct_link')
    .column('envelope_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('template_direct_link_token_idx')
    .on('template_direct_link')
    .column('token_hash')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('template_direct_link').execute();
}
