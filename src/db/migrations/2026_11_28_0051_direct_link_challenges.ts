import type { Kysely } from 'kysely';
import { notNull } from './helpers.js';

/**
 * A direct link's e-mail confirmations: the visitor asks for a code at an address, and the
 * document is made only with that code. The code is kept as a slow hash with its expiry, the tries
 * spent on it and when it was used. Rows are counted per link and per address over the last hour
 * (the per-link and per-address limits, shared by every node through the database); removed with
 * their link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('direct_link_challenge')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('link_id', 'text', (c) => c.notNull().references('template_direct_link.id').onDelete('cascade'))
    .addColumn('email', 'text', notNull)
    .addColumn('code_hash', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('tries', 'integer', notNull)
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('direct_link_challenge_link_idx')
    .on('direct_link_challenge')
    .columns(['link_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('direct_link_challenge_email_idx')
    .on('direct_link_challenge')
    .columns(['email', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('direct_link_challenge').execute();
}
