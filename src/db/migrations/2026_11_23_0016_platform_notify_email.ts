import type { Kysely } from 'kysely';

/** Where a platform's owner notices go (document created, completed, recipient expired). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform').addColumn('notify_email', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform').dropColumn('notify_email').execute();
}
