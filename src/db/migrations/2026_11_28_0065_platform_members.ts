import type { Kysely } from 'kysely';
import { notNull } from './helpers.js';

/**
 * Teams are platforms (issue 37, item 2): a user is a member of a platform with one role, ADMIN,
 * MANAGER or MEMBER. A membership goes with its platform or its user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('platform_member')
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('role', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('platform_member_pk', ['platform_id', 'user_id'])
    .execute();
  await db.schema.createIndex('platform_member_user_idx').on('platform_member').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('platform_member').execute();
}
