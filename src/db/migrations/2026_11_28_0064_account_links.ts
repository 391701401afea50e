import type { Kysely } from 'kysely';
import { notNull } from './helpers.js';

/**
 * One-time links (issue 37, item 1): e-mail verification, password reset, the first start's setup
 * link and invitations to a platform. Only the SHA-256 hash of a link's token is kept; a link is
 * used once (`used_at`) and dies at `expires_at`. An invitation names its platform, e-mail and
 * role; the setup link its platform. Removed with their user or platform.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_link')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', notNull)
    .addColumn('token_hash', 'text', notNull)
    .addColumn('user_id', 'text', (c) => c.references('user_account.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('platform_id', 'integer', (c) => c.references('platform.id').onDelete('cascade'))
    .addColumn('role', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_by', 'text', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('expires_at', 'text', notNull)
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('account_link_token_idx').on('account_link').column('token_hash').unique().execute();
  await db.schema.createIndex('account_link_user_idx').on('account_link').columns(['user_id', 'purpose']).execute();
  await db.schema
    .createIndex('account_link_platform_idx')
    .on('account_link')
    .columns(['platform_id', 'email'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_link').execute();
}
