import type { Kysely } from 'kysely';
import { notNull } from './helpers.js';

/**
 * A platform's sender identities (issue 35, item 7): addresses a document's `meta.emailId` may
 * send from, each usable only once the code mailed to it was typed back. The code is kept as a
 * slow hash with its expiry and the tries spent on it, and cleared when verified. Removed with
 * their platform.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sender_identity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('email', 'text', notNull)
    .addColumn('name', 'text')
    .addColumn('code_hash', 'text')
    .addColumn('code_expires_at', 'text')
    .addColumn('code_sent_at', 'text')
    .addColumn('code_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('sender_identity_platform_email_idx')
    .on('sender_identity')
    .columns(['platform_id', 'email'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sender_identity').execute();
}
